import type { PendingCounts } from '@/lib/outbox/sync-runtime';

const NOUNS = {
  registration: ['registration', 'registrations'],
  judge: ['judge application', 'judge applications'],
  contact: ['message', 'messages'],
  newsletter: ['newsletter sign-up', 'newsletter sign-ups'],
  'walk-in': ['walk-in registration', 'walk-in registrations'],
  'check-in': ['check-in', 'check-ins'],
  fee: ['fee', 'fees'],
} as const;

/**
 * "3 registrations waiting to sync"; with several kinds the total comes first, so the name starts
 * with the number the badge shows (WCAG 2.5.3): "4 waiting to sync: 3 registrations and 1 message".
 */
export function pendingLabel(counts: PendingCounts): string {
  const parts = (Object.keys(NOUNS) as (keyof typeof NOUNS)[])
    .filter((kind) => (counts[kind] ?? 0) > 0)
    .map((kind) => `${counts[kind]} ${NOUNS[kind][counts[kind] === 1 ? 0 : 1]}`);
  if (parts.length === 0) return 'Nothing waiting to sync';
  if (parts.length === 1) return `${parts[0]} waiting to sync`;
  return `${counts.total} waiting to sync: ${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
