import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppLayout } from './layout/app-layout';
import { RouteError } from './routes/route-error';

/**
 * Every route is a lazily loaded chunk, so the first load of any page carries only the shell
 * and that page. Feature modules own their pages; this file only says where they live.
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: () => import('@/features/home/routes/home-page').then((m) => ({ Component: m.HomePage })) },
      { path: 'about', lazy: () => import('@/features/about/routes/about-page').then((m) => ({ Component: m.AboutPage })) },
      {
        path: 'registration',
        lazy: () => import('@/features/registration/routes/registration-page').then((m) => ({ Component: m.RegistrationPage })),
      },
      { path: 'events', lazy: () => import('@/features/programs/routes/events-page').then((m) => ({ Component: m.EventsPage })) },
      { path: 'workshops', lazy: () => import('@/features/programs/routes/workshops-page').then((m) => ({ Component: m.WorkshopsPage })) },
      { path: 'learn-arts', lazy: () => import('@/features/programs/routes/learn-arts-page').then((m) => ({ Component: m.LearnArtsPage })) },
      { path: 'webinars', lazy: () => import('@/features/programs/routes/webinars-page').then((m) => ({ Component: m.WebinarsPage })) },
      { path: 'contact', lazy: () => import('@/features/contact/routes/contact-page').then((m) => ({ Component: m.ContactPage })) },
      {
        path: 'judgereg',
        lazy: () => import('@/features/judges/routes/judge-application-page').then((m) => ({ Component: m.JudgeApplicationPage })),
      },
      { path: 'community', lazy: () => import('@/features/info/routes/community-page').then((m) => ({ Component: m.CommunityPage })) },
      { path: 'terms', lazy: () => import('@/features/info/routes/terms-page').then((m) => ({ Component: m.TermsPage })) },
      { path: 'privacy', lazy: () => import('@/features/info/routes/privacy-page').then((m) => ({ Component: m.PrivacyPage })) },
      { path: 'faq', lazy: () => import('@/features/info/routes/faq-page').then((m) => ({ Component: m.FaqPage })) },
      {
        path: 'contest/category',
        lazy: () => import('@/features/contests/routes/categories-page').then((m) => ({ Component: m.CategoriesPage })),
      },
      {
        // /contest/art is canonical; /contest/Art (the original's registered route) shows the same page.
        path: 'contest/:slug',
        lazy: () => import('@/features/contests/routes/contest-page').then((m) => ({ Component: m.ContestPage })),
      },
      { path: 'saved', lazy: () => import('@/features/outbox/routes/saved-page').then((m) => ({ Component: m.SavedPage })) },
      { path: 'admin/*', lazy: () => import('@/features/admin/routes/admin-routes').then((m) => ({ Component: m.AdminRoutes })) },
      { path: '*', lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundPage })) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
