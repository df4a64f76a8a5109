import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { VenueHeader } from '@/features/venue/components/venue-header';
import { useT } from '@/lib/i18n/use-t';
import { LanguageSwitch } from './language-switch';
import { ShellFrame } from './shell-frame';
import '@/features/venue/venue.css';

/**
 * Venue mode's shell (/venue, /venue/walk-in, and in Tamil under /ta/): a field tool for staff in
 * a noisy hall, so only its own compact header (session, staff member, sync state, language) and the page; none of the public
 * site's menu, sidebar, footer, newsletter or background. Loaded with its routes, never by visitors.
 */
export function VenueLayout() {
  // A venue day is offline: opening venue mode also fetches the walk-in form, so the service
  // worker has it before the hall's connection goes (the roster comes with its own download).
  useEffect(() => {
    void import('../routes/venue-walk-in-page').catch(() => undefined);
  }, []);
  const { t } = useT();
  return (
    <ShellFrame>
      <VenueHeader languageSwitch={<LanguageSwitch />} />
      <main id="main" tabIndex={-1} className="venue-main">
        <Suspense fallback={<p className="page-loading">{t('shell.loading')}</p>}>
          <Outlet />
        </Suspense>
      </main>
    </ShellFrame>
  );
}
