import { I18nProvider } from '@lingui/react';
import { useEffect, useMemo } from 'react';
import { RouterProvider } from 'react-router-dom';
import { i18n } from '@/lib/i18n/i18n';
import { replayEarlyTaps } from '@/lib/early-taps/early-taps';
import { AppNavigation, type AppNavigate } from '@/lib/app-navigation';
import type { createClientRouter } from './router';

type Router = Awaited<ReturnType<typeof createClientRouter>>;

/** The page's language is active before this renders (src/main.tsx); see ADR 015. */
export function App({ router }: { router: Router }) {
  // Marks the page live: from here a tap on any part still waiting to hydrate is replayed by React
  // once that part hydrates, and the buttons tapped before the script ran get their taps (ADR 031).
  // Browser tests wait for it before they click (tests/e2e/fixtures.ts).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    // In a task of its own: a tap on a part still waiting to hydrate makes React hydrate it at
    // once, which it cannot do from inside this effect.
    setTimeout(replayEarlyTaps, 0);
  }, []);
  const navigate = useMemo<AppNavigate>(() => (to, options) => router.navigate(to, options), [router]);
  return (
    <I18nProvider i18n={i18n}>
      <AppNavigation value={navigate}>
        <RouterProvider router={router} />
      </AppNavigation>
    </I18nProvider>
  );
}
