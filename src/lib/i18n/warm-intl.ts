/**
 * The first number or date formatter a page makes loads the browser's locale data (ICU): some
 * 30-60 ms on the main thread of this project's test machine, four times that on a slow phone,
 * in the middle of the page's first render. That data is shared by the whole page process, so
 * a worker that makes the same formatters first does the loading on another thread, while the
 * page's code downloads, and the page's own formatters then cost well under a millisecond
 * (ADR 032). Where workers are missing nothing
 * changes: the page loads the data itself, as before.
 */
export function warmIntlOffThread(): void {
  if (typeof Worker === 'undefined') return;
  try {
    const worker = new Worker(new URL('./warm-intl.worker.ts', import.meta.url), { type: 'module', name: 'warm-intl' });
    const stop = () => worker.terminate();
    worker.onmessage = stop;
    worker.onerror = stop;
  } catch {
    // A browser that refuses the worker loads the data on the main thread when it first formats.
  }
}
