import { useSyncExternalStore } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { isOutboxOutdated, onOutboxOutdated } from '@/lib/outbox/outdated';
import { keepThisVisit } from '@/lib/pwa/keep-this-visit';

/**
 * Registers the service worker. When a new version is waiting, it asks before reloading, so a
 * half-filled form is never thrown away by an update. It asks too when a newer build in another
 * tab upgraded the outbox's schema: this tab closed its outbox so as not to block that upgrade
 * (src/lib/outbox/outbox-db.ts), and saves nothing more until it reloads.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      // Look for a new version every hour while the app stays open.
      if (registration) setInterval(() => void registration.update(), 60 * 60 * 1000);
      // The first visit's own page and chunks, which loaded before the worker was in control.
      void keepThisVisit().catch(() => undefined);
    },
  });
  const outdated = useSyncExternalStore(onOutboxOutdated, isOutboxOutdated, () => false);

  if (outdated) {
    return (
      <div className="update-prompt" role="alert">
        <p>This site was updated in another tab. Reload this page to keep saving on this device.</p>
        <div className="update-prompt__actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => (needRefresh ? void updateServiceWorker(true) : window.location.reload())}
          >
            Reload to update
          </button>
        </div>
      </div>
    );
  }
  if (!needRefresh) return null;
  return (
    <div className="update-prompt" role="status" aria-live="polite">
      <p>A new version of this site is ready.</p>
      <div className="update-prompt__actions">
        <button type="button" className="button button--primary" onClick={() => void updateServiceWorker(true)}>
          Reload to update
        </button>
        <button type="button" className="button" onClick={() => setNeedRefresh(false)}>
          Later
        </button>
      </div>
    </div>
  );
}
