import { Suspense, type ReactNode } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { MotionPreferenceProvider } from '@/hooks/motion-preference';
import { useT } from '@/lib/i18n/use-t';
import { useDocumentHead } from '../head/use-document-head';
import { DeferredUpdatePrompt } from './deferred-update-prompt';

/**
 * What every shell (the visitors', venue mode's, the admin area's) has around its own parts: the
 * document's head, the motion preference, the skip link to #main, the update prompt and scroll
 * restoration. It adds no element of its own.
 */
export function ShellFrame({ children }: { children: ReactNode }) {
  useDocumentHead();
  const { t } = useT();
  return (
    <MotionPreferenceProvider>
      <a className="skip-link" href="#main">
        {t('shell.skip')}
      </a>
      {children}
      <DeferredUpdatePrompt />
      <ScrollRestoration />
    </MotionPreferenceProvider>
  );
}

/** The page itself, the skip link's target: the route's page, with "Loading" while its code arrives. */
export function PageMain() {
  const { t } = useT();
  return (
    <main id="main" tabIndex={-1}>
      <Suspense fallback={<p className="page-loading">{t('shell.loading')}</p>}>
        <Outlet />
      </Suspense>
    </main>
  );
}
