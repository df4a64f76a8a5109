import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useT } from '@/lib/i18n/use-t';
import { ShellFrame } from './shell-frame';

/** The hall screen's shell (issue 45): the page alone, full screen, for a projector; no site menu or footer. */
export function HallLayout() {
  const { t } = useT();
  return (
    <ShellFrame>
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<p className="page-loading">{t('shell.loading')}</p>}>
          <Outlet />
        </Suspense>
      </main>
    </ShellFrame>
  );
}
