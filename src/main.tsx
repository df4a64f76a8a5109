import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createClientRouter, pageRouteFor } from './app/router';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from the page.');

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
if (canHydrate(root)) hydrateRoot(root, app);
else createRoot(root).render(app);
