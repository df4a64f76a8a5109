import { useEffect, useRef, type ElementType, type ReactNode } from 'react';

type ScrollRevealProps = {
  as?: ElementType;
  className?: string;
  children: ReactNode;
};

/**
 * Marks its element `is-visible` while at least 10% of it is in the viewport and removes the
 * marker when it leaves (docs/product.md, "Behaviour kept from the original site"). CSS fades
 * marked elements in.
 */
export function ScrollReveal({ as: Tag = 'div', className, children }: ScrollRevealProps) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (!('IntersectionObserver' in window)) {
      element.classList.add('is-visible');
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) entry.target.classList.toggle('is-visible', entry.isIntersecting);
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
