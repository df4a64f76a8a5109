import { useEffect, useRef, type RefObject } from 'react';

/**
 * While `open`: a pointer pressed outside `ref`'s element calls `outside`, and Escape calls
 * `escape` (if given). For menus and pickers that close the way people expect. The latest
 * callbacks are always used.
 */
export function useDismiss(open: boolean, ref: RefObject<HTMLElement | null>, on: { outside: () => void; escape?: () => void }): void {
  const latest = useRef(on);
  useEffect(() => {
    latest.current = on;
  }, [on]);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) latest.current.outside();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') latest.current.escape?.();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, ref]);
}
