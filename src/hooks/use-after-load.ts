import { startTransition, useEffect, useState } from 'react';

/**
 * True once the page has loaded and the browser is idle: for work that must never compete with
 * the first paint (three.js, the video, non-essential widgets). The re-render it causes is a
 * transition, so React renders what it mounts (lazy widgets) in short interruptible slices
 * rather than in one task a slow phone would feel.
 */
export function useAfterLoad(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let idleId: number | undefined;
    let timeoutId: ReturnType<typeof setTimeout> | undefined;
    const markReady = () => {
      if (!cancelled) startTransition(() => setReady(true));
    };
    const schedule = () => {
      if ('requestIdleCallback' in window) idleId = window.requestIdleCallback(markReady, { timeout: 2000 });
      else timeoutId = setTimeout(markReady, 200);
    };
    if (document.readyState === 'complete') schedule();
    else window.addEventListener('load', schedule, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', schedule);
      if (idleId !== undefined) window.cancelIdleCallback(idleId);
      if (timeoutId !== undefined) clearTimeout(timeoutId);
    };
  }, []);
  return ready;
}
