import { categoryBySlug, isCategorySlug } from '@domain/categories';
import { batchKindOf } from '@/lib/outbox/kinds/registry';
import type { OutboxRecord } from '@/lib/outbox/outbox-db';

export const KIND_LABEL: Record<OutboxRecord['kind'], string> = {
  registration: 'Registration',
  judge: 'Judge application',
  contact: 'Message',
  newsletter: 'Newsletter sign-up',
  'check-in': 'Check-in',
  fee: 'Fee',
  'walk-in': 'Walk-in registration',
};

export const STATUS_LABEL: Record<OutboxRecord['status'], string> = {
  queued: 'Waiting to send',
  sending: 'Sending…',
  synced: 'Sent',
  failed: 'Needs a fix',
  conflict: 'Conflict',
};

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
    default:
      return batchKindOf(record.kind)?.title(record) ?? record.id;
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
