import { BUILD_TIME_MS } from '@/config/build-info';
import { langOfPath, type Lang } from '@/lib/i18n/languages';

/**
 * Which of the site's pages open on this phone without a connection, for the page shown offline
 * instead of one that was never opened (src/app/routes/page-error.tsx).
 *
 * A page opens offline when the service worker has its HTML, or its code: the worker answers an
 * unknown address with the app shell, which then loads the page's chunk from its cache
 * (vite.config.ts, runtimeCaching; docs/decisions/004 and 012). So a page is saved when:
 * - its HTML is in the precache (the offline core) or in the worker's `pages` cache (every page
 *   loaded from an address, src/lib/pwa/keep-this-visit.ts keeps the first), or
 * - it was shown in this build while the worker controlled the tab: its chunks came through the
 *   worker and were cached then. Those pages are remembered here, with the build they were shown
 *   in, since a new build's chunks are new files.
 */
const STORAGE_KEY = 'ktc:pages-shown';
const MAX_REMEMBERED = 80;

type Shown = { path: string; build: number };

function readShown(): Shown[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((entry): entry is Shown => typeof entry?.path === 'string' && typeof entry?.build === 'number') : [];
  } catch {
    return [];
  }
}

/** Remembers a page that was just shown, if the service worker saw its chunks load. */
export function rememberShownPage(pathname: string): void {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return;
  const others = readShown().filter((entry) => entry.path !== pathname && entry.build === BUILD_TIME_MS);
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify([{ path: pathname, build: BUILD_TIME_MS }, ...others].slice(0, MAX_REMEMBERED)));
  } catch {
    // Storage full or blocked: the cached documents still list most pages.
  }
}

/** The path a cached document answers: `/ta/registration.html` → `/ta/registration`, `/index.html` → `/`. */
export function pathOfCachedUrl(url: string): string | undefined {
  const { pathname } = new URL(url);
  if (!pathname.endsWith('.html')) return pathname;
  const path = pathname.replace(/\.html$/, '').replace(/(^|\/)index$/, '$1');
  return /(^|\/)(app-shell|404)$/.test(path) ? undefined : path || '/';
}

async function cachedDocuments(): Promise<string[]> {
  if (typeof caches === 'undefined') return [];
  const names = (await caches.keys()).filter((name) => name === 'pages' || name.startsWith('workbox-precache'));
  const paths: string[] = [];
  for (const name of names) {
    for (const request of await (await caches.open(name)).keys()) {
      // The precache holds chunks too: only its documents are pages.
      const isDocument = name === 'pages' || new URL(request.url).pathname.endsWith('.html');
      const path = isDocument ? pathOfCachedUrl(request.url) : undefined;
      if (path) paths.push(path);
    }
  }
  return paths;
}

/** The paths of the saved pages in one language (without a trailing slash), most recently shown first. */
export async function savedPaths(lang: Lang): Promise<string[]> {
  const shown = readShown()
    .filter((entry) => entry.build === BUILD_TIME_MS)
    .map((entry) => entry.path);
  const documents = await cachedDocuments().catch(() => []);
  const paths = [...shown, ...documents].map((path) => (path.length > 1 ? path.replace(/\/$/, '') : path));
  return [...new Set(paths)].filter((path) => langOfPath(path) === lang);
}
