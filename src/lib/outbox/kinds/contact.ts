import type { ContactMessageInput } from '@domain/contact';
import { jsonPost } from '../protocol';
import type { RecordBase } from '../record';
import { defineKind } from './kind';

export type ContactRecord = RecordBase & { kind: 'contact'; payload: ContactMessageInput };

export const contactKind = defineKind<ContactRecord>({
  kind: 'contact',
  label: 'Message',
  nouns: ['message', 'messages'],
  title: (record) => `${record.payload.subject} (${record.payload.name})`,
  request: (record) => jsonPost('/api/contact', record),
});
