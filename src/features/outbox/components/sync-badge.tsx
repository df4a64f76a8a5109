import { useT } from '@/lib/i18n/use-t';
import { useEffect, useState } from 'react';
import type { PendingCounts } from '@/lib/outbox';
import { whenIdle } from '@/lib/scheduling';
import { pendingLabel } from '../utils/pending-label';
import './sync-badge.css';
import { AppLink } from '@/components/app-link';

/**
 * The header's count of records not yet on the server, linking to /saved. It renders nothing at
 * first and loads the outbox (Dexie) only after first paint, so the shell stays small; loading
 * it also starts this tab's sync engine.
 */
export function SyncBadge() {
  const { to } = useT();
  const [counts, setCounts] = useState<PendingCounts | null>(null);

  useEffect(() => {
    let cancelled = false;
    let stopWatching = () => {};
    const begin = () => {
      void import('@/lib/outbox').then((runtime) => {
        if (cancelled) return;
        runtime.syncEngine();
        stopWatching = runtime.watchPendingCounts(setCounts);
      });
    };
    const cancelBegin = whenIdle(begin, 1_500);
    return () => {
      cancelled = true;
      cancelBegin();
      stopWatching();
    };
  }, []);

  if (!counts || counts.total === 0) return null;
  return (
    <AppLink to={to('/saved')} className="header-pill sync-badge" aria-label={pendingLabel(counts)} title={pendingLabel(counts)}>
      <svg className="sync-badge__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          d="M7 18a5 5 0 0 1-.6-9.96A6 6 0 0 1 18 9a4.5 4.5 0 0 1-.5 9H7Zm5-9v5m0 0-2-2m2 2 2-2"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="sync-badge__count">{counts.total}</span>
    </AppLink>
  );
}
