import { Outlet, ScrollRestoration } from 'react-router-dom';
import { MotionPreferenceProvider } from '@/hooks/motion-preference';
import { useT } from '@/lib/i18n/use-t';
import { useDocumentHead } from '../head/use-document-head';
import { DeferredUpdatePrompt } from './deferred-update-prompt';

/**
 * The admin area's shell (/admin/*): a calm desk for staff at a laptop, so none of the public
 * site's background, menu, sidebar, footer or newsletter. The admin pages bring their own compact
 * header and the <main> the skip link leads to (features/admin/components/admin-frame.tsx).
 * Loaded with the admin routes, never by visitors.
 */
export function AdminShellLayout() {
  useDocumentHead();
  const { t } = useT();
  return (
    <MotionPreferenceProvider>
      <a className="skip-link" href="#main">
        {t('shell.skip')}
      </a>
      <Outlet />
      <DeferredUpdatePrompt />
      <ScrollRestoration />
    </MotionPreferenceProvider>
  );
}
