import type { ContactMessageInput } from '@domain/contact';
import { withSecret } from '../protocol';
import type { RecordBase } from '../record';
import { defineKind } from './kind';

export type ContactRecord = RecordBase & { kind: 'contact'; payload: ContactMessageInput };

export const contactKind = defineKind<ContactRecord, ContactMessageInput>({
  kind: 'contact',
  label: 'Message',
  nouns: ['message', 'messages'],
  title: (record) => `${record.payload.subject} (${record.payload.name})`,
  create: (payload) => ({ payload }),
  request: (record, api) => api.contact.$post({ json: withSecret(record) }),
});
