import { afterLoad, whenIdle } from '@/lib/scheduling';

/**
 * The service worker caches pages and chunks as they are used (vite.config.ts, runtimeCaching),
 * but the page that installed it loaded before it was in control: without this, the first page a
 * parent opened from a WhatsApp link would be the one page not there offline. Once the worker
 * controls this tab, and the page is idle, this page is kept and the worker is given the list of
 * chunks, stylesheets and icons the page loaded: it fetches them (from the browser's HTTP cache,
 * so nothing is downloaded twice) through its own routes, into their caches with their expiry
 * (Workbox's `CACHE_URLS` message). The worker does that work, not the page: 50-odd fetches from
 * the page kept a slow phone's main thread busy for seconds (issue 27, Lighthouse TBT).
 */
export async function keepThisVisit(): Promise<void> {
  if (!('serviceWorker' in navigator) || !('caches' in window)) return;
  const registration = await navigator.serviceWorker.ready;
  // A page the worker served (every visit after the first) was kept by its own routes already.
  if (loadedThroughWorker()) {
    document.documentElement.dataset.visitKept = '';
    return;
  }
  if (!navigator.serviceWorker.controller && !(await controlled(10_000))) return;
  await afterLoad();
  await new Promise<void>((resolve) => whenIdle(resolve, 5_000));

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

  const loaded = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === window.location.origin && /^\/(assets|icons|images)\//.test(url.pathname));
  const worker = registration.active ?? navigator.serviceWorker.controller;
  if (worker) await cacheInWorker(worker, [...new Set(loaded.map((url) => url.href))]);
  // Marks the page as kept for offline (browser tests wait for it before cutting the connection).
  document.documentElement.dataset.visitKept = '';
}

/** Asks the worker to fetch and keep these addresses through its routes; resolves when it has (or after 30 s). */
function cacheInWorker(worker: ServiceWorker, urlsToCache: string[]): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, 30_000);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve();
    };
    worker.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache } }, [channel.port2]);
  });
}

/** True when this page's own navigation went through a service worker (its timing says when the worker started). */
function loadedThroughWorker(): boolean {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigator.serviceWorker.controller !== null && (navigation?.workerStart ?? 0) > 0;
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
