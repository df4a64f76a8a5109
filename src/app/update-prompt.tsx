import { useRegisterSW } from 'virtual:pwa-register/react';

/**
 * Registers the service worker. When a new version is waiting, it asks before reloading,
 * so a half-filled form is never thrown away by an update.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      // Look for a new version every hour while the app stays open.
      if (registration) setInterval(() => void registration.update(), 60 * 60 * 1000);
    },
  });

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
