import { lazy, Suspense } from 'react';
import { useAfterLoad } from '@/hooks/use-after-load';

// Registers the service worker and offers updates: nothing on screen needs it during load.
const UpdatePrompt = lazy(() => import('../update-prompt').then((m) => ({ default: m.UpdatePrompt })));

/** The update prompt, loaded once the page has loaded (every shell shows it). */
export function DeferredUpdatePrompt() {
  const afterLoad = useAfterLoad();
  if (!afterLoad) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  );
}
