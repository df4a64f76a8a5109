import { i18n } from '@/lib/i18n/i18n';
import { categoryBySlug, isCategorySlug } from '@domain/categories';
import { outboxKind, type OutboxRecord } from '@/lib/outbox';

/** A record's status in the page's language (src/locales, ids sync.status.*). */
export const statusLabel = (status: OutboxRecord['status']): string => i18n._(`sync.status.${status}`);

/**
 * What a person calls a record's kind, in the page's language (catalog id outbox.kind.<kind>;
 * a new kind adds it to both catalogs), and the line they recognise it by (the kind's `title`).
 */
export function kindLabel(record: Pick<OutboxRecord, 'kind'>): string {
  return i18n._(`outbox.kind.${record.kind}`);
}

export function recordTitle(record: OutboxRecord): string {
  return outboxKind(record.kind).title(record);
}

/** The fields of a registration or message as label/value rows, for showing two versions side by side. */
export function comparableFields(value: unknown): [string, string][] {
  if (!value || typeof value !== 'object') return [];
  const v = value as Record<string, unknown>;
  const show = (x: unknown) => (x === null || x === undefined || x === '' ? '—' : String(x));
  const rows: [string, string][] = [];
  const add = (label: string, key: string) => {
    if (key in v) rows.push([label, show(v[key])]);
  };
  add(fieldLabel('name'), 'name');
  add(fieldLabel('age'), 'age');
  add(fieldLabel('email'), 'email');
  add(fieldLabel('phone'), 'phone');
  add(fieldLabel('city'), 'city');
  add(fieldLabel('instituteName'), 'instituteName');
  if (Array.isArray(v.categories)) {
    rows.push([
      fieldLabel('categories'),
      v.categories.map((slug) => (typeof slug === 'string' && isCategorySlug(slug) ? i18n._(`category.${categoryBySlug(slug).slug}`) : String(slug))).join(', '),
    ]);
  }
  add(fieldLabel('subject'), 'subject');
  add(fieldLabel('message'), 'message');
  add(fieldLabel('referenceCode'), 'referenceCode');
  return rows;
}

const FIELDS = new Set([
  'name',
  'age',
  'email',
  'phone',
  'city',
  'instituteName',
  'categories',
  'agreeTerms',
  'expertise',
  'experience',
  'bio',
  'photo',
  'subject',
  'message',
  'contactMethod',
  'referenceCode',
]);

/** A field's name in the page's language (ids field.*). */
export function fieldLabel(field: string): string {
  return FIELDS.has(field) ? i18n._(`field.${field}`) : field;
}
