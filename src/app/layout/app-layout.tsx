import { Suspense } from 'react';
import { usePreloadWhenFormTouched } from '@/hooks/use-preload-when-form-touched';
import { loadLiveQueries } from '@/lib/live-query';
import { PageMain, ShellFrame } from './shell-frame';
import { SiteBackground } from './site-background';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SiteSidebar } from './site-sidebar';

/**
 * The page that lists what waits on this device, and the Dexie its live lists read with, fetched
 * once a form is touched (with the form's own saving code): "1 registration waiting to sync" then
 * opens offline even on a first visit, before the service worker has cached every page.
 */
const loadSavedPage = () => Promise.all([import('@/features/outbox/routes/saved-page'), loadLiveQueries()]);

/**
 * The shell around the visitors' routes (venue mode and the admin area have their own:
 * venue-layout.tsx, admin-shell-layout.tsx): header with menu, program
 * sidebar, footer and the background.
 * Each part sits in its own Suspense boundary: hydrating a prerendered page, React then hydrates
 * them one by one in short, interruptible tasks instead of the whole page in one long task.
 */
export function AppLayout() {
  usePreloadWhenFormTouched(loadSavedPage);
  return (
    <ShellFrame>
      <Suspense>
        <SiteBackground />
      </Suspense>
      <Suspense>
        <SiteHeader />
      </Suspense>
      <div className="site-body">
        <Suspense>
          <SiteSidebar />
        </Suspense>
        <PageMain />
      </div>
      <Suspense>
        <SiteFooter />
      </Suspense>
    </ShellFrame>
  );
}
