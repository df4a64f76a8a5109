import { useEffect, useState, useSyncExternalStore } from 'react';
import type { SyncOutcome, SyncState } from '@/lib/outbox/sync-engine';
import { syncEngine } from '@/lib/outbox/sync-runtime';

const OUTCOME_TEXT: Record<SyncOutcome, string> = {
  idle: 'Nothing is waiting to be sent.',
  done: 'Everything that could be sent has reached the server.',
  offline: 'The server cannot be reached right now. Records stay saved here and are sent automatically.',
  'retry-later': 'The server had trouble. Records stay saved here and are sent automatically.',
  busy: 'Another open tab of this site is sending right now.',
  'signed-out': 'Your staff sign-in has ended: venue records stay saved here. Sign in again at /venue to send them.',
};

function useSyncState(): SyncState {
  const engine = syncEngine();
  return useSyncExternalStore(
    (onChange) => engine.subscribe(onChange),
    () => engine.getState(),
  );
}

type Estimate = { usage: number; quota: number; persisted: boolean | null };

function useStorageEstimate(): Estimate | null {
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  useEffect(() => {
    const storage = navigator.storage;
    if (!storage?.estimate) return;
    let cancelled = false;
    void Promise.all([storage.estimate(), storage.persisted ? storage.persisted() : Promise.resolve(null)]).then(
      ([result, persisted]) => {
        if (!cancelled) setEstimate({ usage: result.usage ?? 0, quota: result.quota ?? 0, persisted });
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);
  return estimate;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

const clock = new Intl.DateTimeFormat('en-IN', { timeStyle: 'short' });

export function SyncPanel({ waiting }: { waiting: number }) {
  const state = useSyncState();
  const estimate = useStorageEstimate();
  return (
    <section className="sync-panel" aria-label="Sending">
      <div className="sync-panel__row">
        <button
          type="button"
          className="button button--primary"
          disabled={state.running}
          onClick={() => void syncEngine().syncNow()}
        >
          {state.running ? 'Syncing…' : 'Sync now'}
        </button>
        <p className="sync-panel__status" role="status">
          {state.running
            ? 'Sending…'
            : state.lastOutcome
              ? OUTCOME_TEXT[state.lastOutcome] +
                (state.nextRetryAt && waiting > 0 ? ` Next try at ${clock.format(state.nextRetryAt)}.` : '')
              : waiting > 0
                ? `${waiting} waiting to be sent.`
                : 'Nothing is waiting to be sent.'}
        </p>
      </div>
      {estimate ? (
        <p className="sync-panel__storage">
          This site uses {formatBytes(estimate.usage)} of about {formatBytes(estimate.quota)} available on this device.
          {estimate.persisted === true
            ? ' The browser has agreed to keep it even when space runs low.'
            : estimate.persisted === false
              ? ' The browser may clear it if space runs very low, so sync or export before then.'
              : ''}
        </p>
      ) : null}
    </section>
  );
}
