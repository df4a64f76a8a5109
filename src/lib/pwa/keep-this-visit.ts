/**
 * The service worker caches pages and chunks as they are used (vite.config.ts, runtimeCaching),
 * but the page that installed it loaded before it was in control: without this, the first page a
 * parent opened from a WhatsApp link would be the one page not there offline. Once the worker
 * controls this tab, this page and every chunk, stylesheet and icon it loaded are fetched again
 * through it (from the browser's HTTP cache, so nothing is downloaded twice) and kept.
 */
export async function keepThisVisit(): Promise<void> {
  if (!('serviceWorker' in navigator) || !('caches' in window)) return;
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller && !(await controlled(10_000))) return;

  const page = new URL(window.location.href);
  page.hash = '';
  // The page's own HTML: a navigation the worker did not see. Its cache is the one the worker's
  // page route reads (NetworkFirst, cacheName 'pages').
  const pages = await caches.open('pages');
  // A family's private page is never kept under its address (its token is the family's key).
  if (!/^\/(ta\/)?my\//.test(page.pathname) && !(await pages.match(page.href))) {
    const response = await fetch(page.href, { credentials: 'same-origin' });
    if (response.ok && (response.headers.get('content-type') ?? '').includes('text/html')) await pages.put(page.href, response);
  }

  // Through the worker, so its routes store them in their caches with their expiry.
  const loaded = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === window.location.origin && /^\/(assets|icons|images)\//.test(url.pathname));
  await Promise.allSettled([...new Set(loaded.map((url) => url.href))].map((href) => fetch(href)));
  // Marks the page as kept for offline (browser tests wait for it before cutting the connection).
  document.documentElement.dataset.visitKept = '';
}

function controlled(timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    navigator.serviceWorker.addEventListener(
      'controllerchange',
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      { once: true },
    );
  });
}
