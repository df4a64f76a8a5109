import { OUTBOX_KIND_NAMES, OUTBOX_KINDS } from '@/lib/outbox/kinds';
import type { PendingCounts } from '@/lib/outbox/sync-runtime';

/** "3 registrations waiting to sync", "3 registrations and 1 message waiting to sync". */
export function pendingLabel(counts: PendingCounts): string {
  const parts = OUTBOX_KIND_NAMES.filter((kind) => counts[kind] > 0).map(
    (kind) => `${counts[kind]} ${OUTBOX_KINDS[kind].nouns[counts[kind] === 1 ? 0 : 1]}`,
  );
  if (parts.length === 0) return 'Nothing waiting to sync';
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `${list} waiting to sync`;
}
