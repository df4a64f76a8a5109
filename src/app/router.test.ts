import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes, type PageHandle } from './router';

/** The modules of the routes a path goes through, outermost first (the layouts, then the page). */
function modulesFor(pathname: string): (string | undefined)[] {
  return (matchRoutes(routes, pathname) ?? []).map(({ route }) => (route.handle as PageHandle | undefined)?.module);
}

describe('the shells', () => {
  it('the admin area has its own shell, loaded with it, not the visitors’ layout', () => {
    for (const path of ['/admin', '/admin/login', '/admin/registrations']) {
      expect(modulesFor(path)).toEqual(['src/app/layout/admin-shell-layout.tsx', 'src/features/admin/routes/admin-routes.tsx']);
    }
  });

  it('visitors’ pages stay in the site layout, and the admin area is English only', () => {
    expect(modulesFor('/about')).toEqual([undefined, undefined, 'src/features/about/routes/about-page.tsx']);
    expect(modulesFor('/ta/admin').at(-1)).toBe('src/app/routes/not-found.tsx');
  });
});
