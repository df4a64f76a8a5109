import { I18nProvider } from '@lingui/react';
import { RouterProvider } from 'react-router-dom';
import { i18n } from '@/lib/i18n/i18n';
import type { createClientRouter } from './router';

type Router = Awaited<ReturnType<typeof createClientRouter>>;

/** The page's language is active before this renders (src/main.tsx); see ADR 015. */
export function App({ router }: { router: Router }) {
  return (
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>
  );
}
