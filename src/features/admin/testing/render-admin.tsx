import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { AppNavigation } from '@/lib/app-navigation';

export let currentLocation = '';

function LocationProbe() {
  const location = useLocation();
  useEffect(() => {
    currentLocation = location.pathname + location.search;
  }, [location]);
  return null;
}

/** The app's links follow their clicks through the router here, as `App` has them do in the app. */
function RouterNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return <AppNavigation value={(to, options) => navigate(to, options)}>{children}</AppNavigation>;
}

/** Renders admin UI inside a router at `path`, with a fresh query client (no retries). */
export function renderAdmin(element: ReactNode, path: string, routePath = '*') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe />
        <RouterNavigation>
          <Routes>
            <Route path={routePath} element={element} />
            <Route path="/admin/login" element={<h1>Login page</h1>} />
            {routePath !== '*' && <Route path="*" element={<h1>Another page</h1>} />}
          </Routes>
        </RouterNavigation>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...utils, queryClient };
}

/** jsdom lays nothing out; give the table's scroll box a size so the virtualiser renders rows. */
export function giveElementsASize(height = 800, width = 1200) {
  const original = HTMLElement.prototype.getBoundingClientRect;
  HTMLElement.prototype.getBoundingClientRect = function () {
    return { x: 0, y: 0, top: 0, left: 0, bottom: height, right: width, width, height: this.tagName === 'TR' ? 60 : height, toJSON() {} } as DOMRect;
  };
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => height });
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get: () => width });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => height });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => width });
  return () => {
    HTMLElement.prototype.getBoundingClientRect = original;
    for (const key of ['offsetHeight', 'offsetWidth', 'clientHeight', 'clientWidth']) {
      Reflect.deleteProperty(HTMLElement.prototype, key);
    }
  };
}
