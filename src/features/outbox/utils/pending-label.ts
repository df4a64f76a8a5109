import { i18n } from '@/lib/i18n/i18n';
import { isLang, LOCALE } from '@/lib/i18n/languages';
import { OUTBOX_KIND_NAMES } from '@/lib/outbox/kinds';
import type { PendingCounts } from '@/lib/outbox/sync-runtime';

/**
 * "3 registrations waiting to sync", "3 registrations and 1 message waiting to sync", in the
 * page's language (catalog ids sync.count.<kind>: a new outbox kind adds its own).
 */
export function pendingLabel(counts: PendingCounts): string {
  const parts = OUTBOX_KIND_NAMES.filter((kind) => counts[kind] > 0).map((kind) => i18n._(`sync.count.${kind}`, { count: counts[kind] }));
  if (parts.length === 0) return i18n._('sync.nothing');
  const locale = LOCALE[isLang(i18n.locale) ? i18n.locale : 'en'];
  return i18n._('sync.waiting', { list: new Intl.ListFormat(locale, { type: 'conjunction' }).format(parts) });
}
