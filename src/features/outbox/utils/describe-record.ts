import { i18n } from '@/lib/i18n/i18n';
import { categoryBySlug, isCategorySlug } from '@domain/categories';
import type { OutboxRecord } from '@/lib/outbox/outbox-db';

/** A record's kind and status in the page's language (src/locales, ids outbox.kind.* and sync.status.*). */
export const kindLabel = (kind: OutboxRecord['kind']): string => i18n._(`outbox.kind.${kind}`);
export const statusLabel = (status: OutboxRecord['status']): string => i18n._(`sync.status.${status}`);

/** The line a person recognises a record by. */
export function recordTitle(record: OutboxRecord): string {
  switch (record.kind) {
    case 'registration':
      return record.payload.name || record.payload.instituteName || record.payload.email;
    case 'judge':
      return String(record.payload.name ?? '');
    case 'contact':
      return `${record.payload.subject} (${record.payload.name})`;
    case 'newsletter':
      return record.payload.email;
  }
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
