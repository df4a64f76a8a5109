// When deferred work runs (ADR 032): the one place the app ends a task, waits for an idle moment
// or waits for the page to load. A phone at a quarter of a laptop's speed feels every long task.

/**
 * Ends the current task: what follows runs in a new one, after the browser has had its turn.
 * `scheduler.yield()` where the browser has it, else a message to ourselves (as React's own
 * scheduler does): unlike a timer, neither waits a second in a background tab.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Runs `run` when the browser has a quiet moment, and at the latest after `timeoutMs`. Where
 * there is no idle callback (Safari), after a short delay instead. Returns a cancel function.
 */
export function whenIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => run(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(run, Math.min(timeoutMs, 300));
  return () => window.clearTimeout(timer);
}

/** Resolves once the page's load event has fired (at once if it already has). */
export function afterLoad(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}
