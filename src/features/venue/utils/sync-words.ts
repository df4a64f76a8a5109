import type { OutboxStatus, SyncOutcome } from '@/lib/outbox';

/** What the header says of this device's records not yet on the server: "3 waiting to send", "All sent". */
export function syncWords(statuses: readonly OutboxStatus[], sync: { running: boolean; lastOutcome: SyncOutcome | null }): string {
  const count = (...wanted: OutboxStatus[]) => statuses.filter((status) => wanted.includes(status)).length;
  const waiting = count('queued', 'sending');
  const signIn = count('needs-sign-in');
  const attention = count('failed', 'conflict');
  const parts: string[] = [];
  if (waiting > 0) {
    if (sync.running) parts.push(`Sending ${waiting}…`);
    else parts.push(`${waiting} waiting to send${sync.lastOutcome === 'offline' ? ' (no connection)' : ''}`);
  }
  if (signIn > 0) parts.push(`${signIn} waiting for sign-in`);
  if (attention > 0) parts.push(`${attention} ${attention === 1 ? 'needs' : 'need'} attention`);
  return parts.length === 0 ? 'All sent' : parts.join(', ');
}
