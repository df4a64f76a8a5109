import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { VenueHeader } from '@/features/venue/components/venue-header';
import { MotionPreferenceProvider } from '@/hooks/motion-preference';
import { useT } from '@/lib/i18n/use-t';
import { useDocumentHead } from '../head/use-document-head';
import { DeferredUpdatePrompt } from './deferred-update-prompt';
import '@/features/venue/venue.css';

/**
 * Venue mode's shell (/venue, /venue/walk-in): a field tool for staff in a noisy hall, so only
 * its own compact header (session, staff member, sync state) and the page; none of the public
 * site's menu, sidebar, footer, newsletter or background. Loaded with its routes, never by visitors.
 */
export function VenueLayout() {
  useDocumentHead();
  const { t } = useT();
  return (
    <MotionPreferenceProvider>
      <a className="skip-link" href="#main">
        {t('shell.skip')}
      </a>
      <VenueHeader />
      <main id="main" tabIndex={-1} className="venue-main">
        <Suspense fallback={<p className="page-loading">{t('shell.loading')}</p>}>
          <Outlet />
        </Suspense>
      </main>
      <DeferredUpdatePrompt />
      <ScrollRestoration />
    </MotionPreferenceProvider>
  );
}
