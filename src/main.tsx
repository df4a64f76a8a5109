import { startTransition, StrictMode } from 'react';
import { langOfPath, LANG_STORAGE_KEY } from './lib/i18n/languages';
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

// React DOM and the app are two separate module graphs, so the browser evaluates them in two
// tasks rather than one long one (a phone at a quarter of a laptop's speed feels every long task).
// The page's language's catalog (and only that one) loads alongside them (ADR 015).
const [{ createRoot, hydrateRoot }, { App }, { createClientRouter, pageRouteFor }] = await Promise.all([
  import('react-dom/client'),
  import('./app/app'),
  import('./app/router'),
  import('./lib/i18n/i18n').then(({ activateLanguage }) => activateLanguage(langOfPath(window.location.pathname))),
]);

/**
 * Public pages arrive prerendered (root[data-rendered-for] names the path they were rendered
 * for) and are hydrated. The app shell of the private pages is empty and rendered here. The
 * not-found page, served for any unknown path, is hydrated only where the router also shows it.
 */
function canHydrate(element: HTMLElement): boolean {
  const renderedFor = element.dataset.renderedFor;
  if (!renderedFor || !element.firstElementChild) return false;
  const page = pageRouteFor(window.location.pathname);
  return page !== undefined && page === pageRouteFor(renderedFor);
}

const router = await createClientRouter();
const app = (
  <StrictMode>
    <App router={router} />
  </StrictMode>
);
// Hydrating inside a transition lets React yield to the browser every few milliseconds instead of
// hydrating the shell in one task (a default-priority hydration is never time-sliced).
if (canHydrate(root)) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
