import { useEffect, useState } from 'react';

const TOUCH_EVENTS = ['focusin', 'pointerdown', 'keydown'] as const;

/**
 * True once the visitor has touched any form on the page (focused, tapped or typed in it). Code
 * only a form needs (validation, the outbox database) waits for this instead of loading with
 * the page, so a visitor who only reads never pays for it.
 */
export function useFormTouched(): boolean {
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (touched) return;
    const onTouch = (event: Event) => {
      if (event.target instanceof Element && event.target.closest('form')) setTouched(true);
    };
    for (const type of TOUCH_EVENTS) document.addEventListener(type, onTouch, { capture: true, passive: true });
    return () => {
      for (const type of TOUCH_EVENTS) document.removeEventListener(type, onTouch, { capture: true });
    };
  }, [touched]);
  return touched;
}
