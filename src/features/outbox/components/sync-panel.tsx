import { useT, type Translate } from '@/lib/i18n/use-t';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { syncEngine, type SyncOutcome, type SyncState } from '@/lib/outbox';

/** What the last sync came to, in the page's language (ids sync.outcome.*). */
const outcomeText = (outcome: SyncOutcome, t: Translate) => t(`sync.outcome.${outcome}`);

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

function formatBytes(bytes: number, t: Translate): string {
  if (bytes < 1024) return t('sync.bytes', { count: bytes });
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

export function SyncPanel({ waiting }: { waiting: number }) {
  const state = useSyncState();
  const estimate = useStorageEstimate();
  const { t, locale } = useT();
  const clock = new Intl.DateTimeFormat(locale, { timeStyle: 'short' });
  return (
    <section className="panel sync-panel" aria-label={t('sync.panel')}>
      <div className="sync-panel__row">
        <button
          type="button"
          className="button button--primary"
          disabled={state.running}
          onClick={() => void syncEngine().syncNow()}
        >
          {state.running ? t('sync.running') : t('sync.now')}
        </button>
        <p className="sync-panel__status" role="status">
          {state.running
            ? t('sync.status.sending')
            : state.lastOutcome
              ? outcomeText(state.lastOutcome, t) +
                (state.nextRetryAt && waiting > 0 ? ` ${t('sync.nextTry', { time: clock.format(state.nextRetryAt) })}` : '')
              : waiting > 0
                ? t('sync.waitingCount', { count: waiting })
                : t('sync.outcome.idle')}
        </p>
      </div>
      {estimate ? (
        <p className="sync-panel__storage">
          {t('sync.storage', { used: formatBytes(estimate.usage, t), quota: formatBytes(estimate.quota, t) })}
          {estimate.persisted === true ? ` ${t('sync.persisted')}` : estimate.persisted === false ? ` ${t('sync.notPersisted')}` : ''}
        </p>
      ) : null}
    </section>
  );
}
