import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element comes within `margin` of the viewport (and stays true): for below-the-fold
 * widgets whose code should load only when the visitor scrolls towards them. Where the browser
 * cannot observe (very old browsers), it is simply true.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '300px'): boolean {
  const [near, setNear] = useState(false);
  const canObserve = typeof IntersectionObserver !== 'undefined';
  useEffect(() => {
    const element = ref.current;
    if (near || !element || !canObserve) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near, canObserve]);
  return near || !canObserve;
}
