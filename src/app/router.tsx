import { useEffect, type ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, useLocation, type RouteObject } from 'react-router-dom';
import { rememberShownPage } from '@/lib/pwa/saved-pages';
import { AppLayout } from './layout/app-layout';
import { PageError } from './routes/page-error';
import { RouteError } from './routes/route-error';

type PageModules = Record<string, () => Promise<unknown>>;
export type PageHandle = { module: string };

/**
 * A lazily loaded page. Each call passes a one-file `import.meta.glob`, so the module's path is
 * known as data: the prerender uses it (route `handle.module`) to link that page's CSS and
 * chunks into its HTML, and the client loads the same chunk before hydrating.
 */
function page(modules: PageModules, exportName: string): Pick<RouteObject, 'lazy' | 'handle'> {
  const [entry] = Object.entries(modules);
  if (!entry) throw new Error(`No page module for ${exportName}`);
  const [module, load] = entry;
  const handle: PageHandle = { module: module.replace(/^\//, '') };
  return {
    handle,
    lazy: async () => {
      const Component = ((await load()) as Record<string, ComponentType | undefined>)[exportName];
      if (!Component) throw new Error(`${module} has no export ${exportName}`);
      return { Component };
    },
  };
}

/**
 * Each time a visitors' page is shown, it is remembered as saved on this phone
 * (src/lib/pwa/saved-pages.ts); the page not found is not a page to list.
 */
function remembering(route: RouteObject): RouteObject {
  const { lazy } = route;
  if (typeof lazy !== 'function' || route.path === '*') return route;
  return {
    ...route,
    lazy: async () => {
      const { Component } = (await lazy()) as { Component: ComponentType };
      return { Component: remembered(Component) };
    },
  };
}

function remembered(Page: ComponentType): ComponentType {
  return function RememberedPage() {
    const { pathname } = useLocation();
    useEffect(() => rememberShownPage(pathname), [pathname]);
    return <Page />;
  };
}

/**
 * The pages, once per language: English at the root, Tamil under /ta/ with the same paths
 * after it (ADR 015). The language itself comes from the path (src/lib/i18n/languages.ts).
 */
function pageRoutes(): RouteObject[] {
  const pages: RouteObject[] = [
    { index: true, ...page(import.meta.glob('/src/features/home/routes/home-page.tsx'), 'HomePage') },
    { path: 'about', ...page(import.meta.glob('/src/features/about/routes/about-page.tsx'), 'AboutPage') },
    { path: 'registration', ...page(import.meta.glob('/src/features/registration/routes/registration-page.tsx'), 'RegistrationPage') },
    { path: 'events', ...page(import.meta.glob('/src/features/programs/routes/events-page.tsx'), 'EventsPage') },
    { path: 'workshops', ...page(import.meta.glob('/src/features/programs/routes/workshops-page.tsx'), 'WorkshopsPage') },
    { path: 'learn-arts', ...page(import.meta.glob('/src/features/programs/routes/learn-arts-page.tsx'), 'LearnArtsPage') },
    { path: 'webinars', ...page(import.meta.glob('/src/features/programs/routes/webinars-page.tsx'), 'WebinarsPage') },
    { path: 'contact', ...page(import.meta.glob('/src/features/contact/routes/contact-page.tsx'), 'ContactPage') },
    { path: 'judgereg', ...page(import.meta.glob('/src/features/judges/routes/judge-application-page.tsx'), 'JudgeApplicationPage') },
    { path: 'community', ...page(import.meta.glob('/src/features/info/routes/community-page.tsx'), 'CommunityPage') },
    { path: 'terms', ...page(import.meta.glob('/src/features/info/routes/terms-page.tsx'), 'TermsPage') },
    { path: 'privacy', ...page(import.meta.glob('/src/features/info/routes/privacy-page.tsx'), 'PrivacyPage') },
    { path: 'faq', ...page(import.meta.glob('/src/features/info/routes/faq-page.tsx'), 'FaqPage') },
    { path: 'contest/category', ...page(import.meta.glob('/src/features/contests/routes/categories-page.tsx'), 'CategoriesPage') },
    // /contest/art is canonical; /contest/Art (the original's registered route) shows the same page.
    { path: 'contest/:slug', ...page(import.meta.glob('/src/features/contests/routes/contest-page.tsx'), 'ContestPage') },
    { path: 'find-my-registration', ...page(import.meta.glob('/src/features/family/routes/find-registration-page.tsx'), 'FindRegistrationPage') },
    { path: 'saved', ...page(import.meta.glob('/src/features/outbox/routes/saved-page.tsx'), 'SavedPage') },
    // The family's private page: client-rendered from the app shell (noindex, no referrer), never
    // prerendered; in the language the family registered in (their emails link to /ta/my/… for Tamil).
    { path: 'my/:token', ...page(import.meta.glob('/src/features/family/routes/family-page.tsx'), 'FamilyPage') },
    // Judging (issues 24, 49): judges only, in either language, each rubric in both.
    { path: 'judge', ...page(import.meta.glob('/src/features/judging/routes/judge-page.tsx'), 'JudgePage') },
    { path: 'judge/welcome', ...page(import.meta.glob('/src/features/judging/routes/judge-welcome-page.tsx'), 'JudgeWelcomePage') },
    // A judge's tablet at a venue session (issues 45, 49): works offline once opened.
    { path: 'judge/live/:sessionId', ...page(import.meta.glob('/src/features/judging/routes/live-session-page.tsx'), 'LiveSessionPage') },
    { path: '*', ...page(import.meta.glob('/src/app/routes/not-found.tsx'), 'NotFoundPage') },
  ];
  // A page that fails shows inside the site's header and footer (offline, the pages saved on the
  // phone: src/app/routes/page-error.tsx). The boundary sits on a route of its own: a page whose
  // chunk failed to load is still lazy, and the router renders nothing from such a route down.
  return [{ errorElement: <PageError />, children: pages.map(remembering) }];
}

/** Venue mode's screens, once per language like the public pages. */
function venueRoutes(): RouteObject[] {
  return [
    { path: 'venue', ...page(import.meta.glob('/src/features/venue/routes/venue-page.tsx'), 'VenuePage') },
    { path: 'venue/walk-in', ...page(import.meta.glob('/src/app/routes/venue-walk-in-page.tsx'), 'VenueWalkInPage') },
  ];
}

function hallRoutes(): RouteObject[] {
  return [{ path: 'results/live/:sessionId', ...page(import.meta.glob('/src/features/hall-screen/routes/hall-screen-page.tsx'), 'HallScreenPage') }];
}

/**
 * Every route is a lazily loaded chunk, so the first load of any page carries only the shell
 * and that page. Feature modules own their pages; this file only says where they live.
 */
export const routes: RouteObject[] = [
  {
    // Venue mode: staff-only, in English and Tamil (field staff choose), in its own focused shell (loaded with it).
    ...page(import.meta.glob('/src/app/layout/venue-layout.tsx'), 'VenueLayout'),
    errorElement: <RouteError />,
    children: [...venueRoutes(), { path: 'ta', children: venueRoutes() }],
  },
  {
    // The hall screen (issue 45): a projector's page, full screen, in either language.
    ...page(import.meta.glob('/src/app/layout/hall-layout.tsx'), 'HallLayout'),
    errorElement: <RouteError />,
    children: [...hallRoutes(), { path: 'ta', children: hallRoutes() }],
  },
  {
    // The admin area: English only (ADR 015), in its own calm shell (loaded with it).
    ...page(import.meta.glob('/src/app/layout/admin-shell-layout.tsx'), 'AdminShellLayout'),
    errorElement: <RouteError />,
    children: [{ path: 'admin/*', ...page(import.meta.glob('/src/features/admin/routes/admin-routes.tsx'), 'AdminRoutes') }],
  },
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [...pageRoutes(), { path: 'ta', children: pageRoutes() }],
  },
];

/** The deepest route a path shows (its page), for deciding whether server HTML can be hydrated. */
export function pageRouteFor(pathname: string): RouteObject | undefined {
  return matchRoutes(routes, pathname)?.at(-1)?.route;
}

/**
 * The browser router, with the current page's chunk already loaded: hydration must render the
 * page at once, exactly as the prerender did, not a loading state. If the chunk cannot load
 * (offline and not cached), the route keeps its `lazy` and the router shows the error page.
 * `pause` runs between matching the routes, loading the page's modules and the steps of building
 * the router: main.tsx gives the browser a turn there (each costs tens of milliseconds on a slow
 * phone).
 */
export async function createClientRouter(pause: () => Promise<void> = () => Promise.resolve()) {
  const matches = matchRoutes(routes, window.location) ?? [];
  // Starting the page's import inserts a preload link per chunk it needs, each starting a request
  // on the main thread: not in the same task as the matching.
  await pause();
  await Promise.all(
    matches.map(async ({ route }) => {
      if (!route.lazy || typeof route.lazy !== 'function') return;
      try {
        const loaded = await route.lazy();
        Object.assign(route, loaded, { lazy: undefined });
      } catch {
        // Left lazy: the router retries and shows RouteError if it fails again.
      }
    }),
  );
  await pause();
  // Making the router reads sessionStorage (its view transitions) and, on a first visit, writes
  // the history entry's index. The first touch of either costs a round trip to the browser
  // process (0.5-10 ms at a laptop's speed in traces, four times that on a slow phone), so each
  // is made here in a task of its own and the router then finds both done.
  readSessionStorage();
  await pause();
  if (window.history.state?.idx == null) window.history.replaceState({ ...window.history.state, idx: 0 }, '');
  await pause();
  return createBrowserRouter(routes);
}

function readSessionStorage(): void {
  try {
    window.sessionStorage.getItem('');
  } catch {
    // Storage can be blocked (private modes); the router then does without it too.
  }
}
