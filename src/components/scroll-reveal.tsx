import { useEffect, useRef, type ElementType, type ReactNode } from 'react';

type ScrollRevealProps = {
  as?: ElementType;
  className?: string;
  children: ReactNode;
};

/**
 * Fades its element in while at least 10% of it is in the viewport (docs/product.md, "Behaviour
 * kept from the original site"), and out again when it leaves. The element is visible as rendered
 * (the prerendered page reads without JavaScript, and what is on screen at load is painted at
 * once); only once observed is it "armed", and an element already in view is marked visible with it.
 *
 * Arming hides what is out of view at once: the fade is declared only from the observer's next
 * report on (`reveal--animated`). Faded out, the cards below the fold made six transition events
 * each (run, start, end, for opacity and transform) right after the page came alive, and React
 * handles every such event at its root: some 40 on the home page, 3-4 ms of work at a laptop's
 * speed in one task (ADR 032).
 */
export function ScrollReveal({ as: Tag = 'div', className, children }: ScrollRevealProps) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || !('IntersectionObserver' in window)) return;
    // Armed on the observer's first report (no forced layout here): in view stays visible.
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const { classList } = entry.target;
          if (classList.contains('reveal--armed')) classList.add('reveal--animated');
          classList.toggle('is-visible', entry.isIntersecting);
          classList.add('reveal--armed');
        }
      },
      { threshold: 0.1 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <Tag ref={ref} className={['reveal', className].filter(Boolean).join(' ')}>
      {children}
    </Tag>
  );
}
