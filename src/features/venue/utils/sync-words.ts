import { i18n } from '@/lib/i18n/i18n';
import type { OutboxStatus, SyncOutcome } from '@/lib/outbox';

/** What the header says of this device's records not yet on the server: "3 waiting to send", "All sent". */
export function syncWords(statuses: readonly OutboxStatus[], sync: { running: boolean; lastOutcome: SyncOutcome | null }): string {
  const count = (...wanted: OutboxStatus[]) => statuses.filter((status) => wanted.includes(status)).length;
  const waiting = count('queued', 'sending');
  const signIn = count('needs-sign-in');
  const attention = count('failed', 'conflict');
  const parts: string[] = [];
  if (waiting > 0) {
    if (sync.running) parts.push(i18n._('venue.sync.sending', { count: waiting }));
    else if (sync.lastOutcome === 'offline') parts.push(i18n._('venue.sync.waitingOffline', { count: waiting }));
    else parts.push(i18n._('venue.sync.waiting', { count: waiting }));
  }
  if (signIn > 0) parts.push(i18n._('venue.sync.signIn', { count: signIn }));
  if (attention > 0) parts.push(i18n._('venue.sync.attention', { count: attention }));
  return parts.length === 0 ? i18n._('venue.sync.allSent') : parts.join(', ');
}
