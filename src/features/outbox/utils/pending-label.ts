import { i18n } from '@/lib/i18n/i18n';
import { isLang, LOCALE } from '@/lib/i18n/languages';
import type { OutboxKind, PendingCounts } from '@/lib/outbox';

/**
 * "3 registrations waiting to sync"; with several kinds the total comes first, so the name starts
 * with the number the badge shows (WCAG 2.5.3): "4 waiting to sync: 3 registrations and 1 message".
 * In the page's language (catalog ids sync.count.<kind>: a new outbox kind adds its own).
 */
export function pendingLabel(counts: PendingCounts): string {
  // The counts hold every kind in the outbox's send order (watchPendingCounts), so no outbox code loads here.
  const kinds = Object.keys(counts).filter((key): key is OutboxKind => key !== 'total');
  const parts = kinds.filter((kind) => counts[kind] > 0).map((kind) => i18n._(`sync.count.${kind}`, { count: counts[kind] }));
  if (parts.length === 0) return i18n._('sync.nothing');
  const locale = LOCALE[isLang(i18n.locale) ? i18n.locale : 'en'];
  const list = new Intl.ListFormat(locale, { type: 'conjunction' }).format(parts);
  return parts.length === 1 ? i18n._('sync.waiting', { list }) : i18n._('sync.waitingSeveral', { count: counts.total, list });
}
