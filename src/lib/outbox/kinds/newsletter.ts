import type { NewsletterSignupInput } from '@domain/newsletter';
import { withSecret } from '../protocol';
import type { RecordBase } from '../record';
import { defineKind } from './kind';

export type NewsletterRecord = RecordBase & {
  kind: 'newsletter';
  payload: NewsletterSignupInput;
  /** 'subscribed' once the server has answered ('already_subscribed' only from servers before ADR 009). */
  serverStatus: 'subscribed' | 'already_subscribed' | null;
};

export const newsletterKind = defineKind<NewsletterRecord, NewsletterSignupInput>({
  kind: 'newsletter',
  label: 'Newsletter sign-up',
  nouns: ['newsletter sign-up', 'newsletter sign-ups'],
  title: (record) => record.payload.email,
  create: (payload) => ({ payload, serverStatus: null }),
  request: (record, api) => api.newsletter.$post({ json: withSecret(record) }),
  synced: () => ({ serverStatus: 'subscribed' }),
});
