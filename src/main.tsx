import { startTransition, StrictMode } from 'react';
import { loadCatalog } from './lib/i18n/catalogs';
import { langOfPath, LANG_STORAGE_KEY } from './lib/i18n/languages';
import { afterLoad, whenIdle, yieldToBrowser } from './lib/scheduling';
import { warmIntlOffThread } from './lib/i18n/warm-intl';
import './styles/global.css';

// Someone who chose Tamil with the header's switch gets the Tamil home page at `/`. Only an
// explicit choice stored on this device does it (never the browser's language, never a crawler).
if (window.location.pathname === '/' && readLanguageChoice() === 'ta') {
  window.location.replace('/ta/');
  await new Promise<never>(() => undefined);
}

function readLanguageChoice(): string | null {
  try {
    return localStorage.getItem(LANG_STORAGE_KEY);
  } catch {
    return null;
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from the page.');

// The browser's locale data loads on another thread while the app's code downloads.
warmIntlOffThread();

/**
 * Starts a dynamic import and then gives the browser a turn. Vite's preload helper adds one
 * `<link rel="modulepreload">` per dependency synchronously when an import starts; starting all
 * four at once made one task of 90 ms at Lighthouse's 4x CPU slowdown. The downloads still run in
 * parallel. The extra `catch` only marks the promise as handled while the others start; the
 * `Promise.all` below still sees a failure.
 */
async function startImport<T>(load: () => Promise<T>): Promise<Promise<T>> {
  const loading = load();
  loading.catch(() => undefined);
  await yieldToBrowser();
  return loading;
}

/**
 * Resolves once the page's first text or image is on the screen (the browser's first contentful
 * paint entry, which arrives once the frame is presented; the first paint before it can be the
 * background alone), or at the person's first touch, click or key, which only a drawn page gets.
 * At once in a hidden tab, which draws nothing (also when the tab is hidden before anything is
 * drawn), or where paint timing is missing. Not on the load event: on a fast connection it comes
 * before the first frame is presented. No timers: a page whose clock is stopped (a test's fake
 * clock) still comes alive.
 */
function afterFirstContentfulPaint(): Promise<void> {
  const painted = () => performance.getEntriesByName('first-contentful-paint', 'paint').length > 0;
  const canObserve = typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (document.visibilityState === 'hidden' || !canObserve || painted()) {
    return Promise.resolve();
  }
  const firstInput = ['pointerdown', 'keydown', 'focusin'] as const;
  return new Promise<void>((resolve) => {
    function done() {
      observer.disconnect();
      for (const type of firstInput) window.removeEventListener(type, done, true);
      document.removeEventListener('visibilitychange', whenHidden);
      resolve();
    }
    function whenHidden() {
      if (document.visibilityState === 'hidden') done();
    }
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    // Buffered: an entry recorded before this observer existed is delivered too (a test's fake
    // clock empties performance.getEntries*, so the check above can miss a paint already made).
    observer.observe({ type: 'paint', buffered: true });
    for (const type of firstInput) window.addEventListener(type, done, { capture: true, passive: true });
    document.addEventListener('visibilitychange', whenHidden);
  });
}

// The app's code starts downloading once the first screen's content is drawn: on a slow connection it
// would otherwise share the line with what that screen needs. Taps before it is live are kept
// (ADR 031).
if (root.dataset.renderedFor) await afterFirstContentfulPaint();

// React DOM and the app are two separate module graphs, so the browser evaluates them in two
// tasks rather than one long one (a phone at a quarter of a laptop's speed feels every long task).
// The page's language's catalog (and only that one) loads alongside them (ADR 015).
const lang = langOfPath(window.location.pathname);
const [{ createRoot, hydrateRoot }, { App, activateLanguage, createClientRouter, pageRouteFor }, { messages }] = await Promise.all([
  await startImport(() => import('react-dom/client')),
  await startImport(() => import('./app/client-boot')),
  loadCatalog(lang),
]);
activateLanguage(lang, messages);

/**
 * Public pages arrive prerendered (root[data-rendered-for] names the path they were rendered
 * for) and are hydrated. The app shell of the private pages is empty and rendered here. The
 * not-found page, served for any unknown path, is hydrated only where the router also shows it.
 */
function canHydrate(element: HTMLElement): boolean {
  const renderedFor = element.dataset.renderedFor;
  if (!renderedFor || !element.firstElementChild) return false;
  // Rendered for this very path (nearly every visit): the router shows what the prerender showed.
  // Matching the routes is not free on a slow phone, so it is done only for HTML served for
  // another path (a differently written contest, the not-found page).
  if (renderedFor === window.location.pathname) return true;
  const page = pageRouteFor(window.location.pathname);
  return page !== undefined && page === pageRouteFor(renderedFor);
}

// Matching the routes, loading the page's module, creating the router and starting React each
// cost a few milliseconds on a laptop, four times that on a slow phone: each runs in its own task.
await yieldToBrowser();
const hydrate = canHydrate(root);
await yieldToBrowser();
const router = await createClientRouter(yieldToBrowser);
await yieldToBrowser();
const app = (
  <StrictMode>
    <App router={router} />
  </StrictMode>
);
// Hydrating inside a transition lets React yield to the browser every few milliseconds instead of
// hydrating the shell in one task (a default-priority hydration is never time-sliced).
if (hydrate) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);

// Real visitors' speed (ADR 030): measured only once the page has loaded and the browser is idle,
// from its own chunk, so it adds nothing to the entry chunk or to hydration.
const landedOn = window.location.pathname;
void afterLoad().then(() =>
  whenIdle(() => void import('./lib/vitals/report-vitals').then(({ reportVitals }) => reportVitals(landedOn)).catch(() => undefined), 10_000),
);
