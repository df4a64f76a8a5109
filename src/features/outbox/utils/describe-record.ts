import { categoryBySlug, isCategorySlug } from '@domain/categories';
import { outboxKind, type OutboxRecord } from '@/lib/outbox/kinds';

export const STATUS_LABEL: Record<OutboxRecord['status'], string> = {
  queued: 'Waiting to send',
  sending: 'Sending…',
  synced: 'Sent',
  failed: 'Needs a fix',
  conflict: 'Conflict',
};

/** What a person calls a record's kind, and the line they recognise it by (both from its kind: lib/outbox/kinds). */
export function kindLabel(record: OutboxRecord): string {
  return outboxKind(record.kind).label;
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
  add('Name', 'name');
  add('Age', 'age');
  add('Email', 'email');
  add('Phone', 'phone');
  add('City', 'city');
  add('Institute name', 'instituteName');
  if (Array.isArray(v.categories)) {
    rows.push([
      'Categories',
      v.categories.map((slug) => (typeof slug === 'string' && isCategorySlug(slug) ? categoryBySlug(slug).name : String(slug))).join(', '),
    ]);
  }
  add('Subject', 'subject');
  add('Message', 'message');
  add('Reference code', 'referenceCode');
  return rows;
}

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  age: 'Age',
  email: 'Email',
  phone: 'Phone',
  city: 'City',
  instituteName: 'Institute name',
  categories: 'Categories',
  agreeTerms: 'Terms',
  expertise: 'Expertise',
  experience: 'Experience',
  bio: 'Short bio',
  photo: 'Photo',
  subject: 'Subject',
  message: 'Message',
  contactMethod: 'Contact method',
};

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}
