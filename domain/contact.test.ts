import { describe, expect, it } from 'vitest';
import { contactMessageSchema } from './contact';
import { newsletterSignupSchema } from './newsletter';
import { fieldErrorsOf, type FieldErrors } from './validation';

const id = '0b6f1c6e-6a55-4c0e-9d65-2f3e0d1a7c11';
const message = { id, name: 'Priya', email: 'priya@example.org', phone: '98765 43210', subject: 'Workshops', message: 'Which ages?' };

describe('contact messages', () => {
  it.each<[string, Record<string, unknown>, FieldErrors | null]>([
    ['a valid message', {}, null],
    ['asking for a call back', { contactMethod: 'Phone' }, null],
    ['an unknown contact method', { contactMethod: 'Fax' }, { contactMethod: 'Choose Email or Phone.' }],
    ['no subject', { subject: '' }, { subject: 'Enter a subject.' }],
    ['no message', { message: '  ' }, { message: 'Enter a message.' }],
    ['everything missing', { name: '', email: '', phone: '', subject: '', message: '' }, {
      name: 'Enter your name.',
      email: 'Enter an email address.',
      phone: 'Enter a phone number.',
      subject: 'Enter a subject.',
      message: 'Enter a message.',
    }],
  ])('%s', (_case, change, expected) => {
    const result = contactMessageSchema.safeParse({ ...message, ...change });
    expect(result.success ? null : fieldErrorsOf(result.error)).toEqual(expected);
  });

  it('the contact method defaults to Email', () => {
    expect(contactMessageSchema.parse(message).contactMethod).toBe('Email');
  });
});

describe('newsletter sign-ups', () => {
  it.each([
    ['fan@example.org', { ok: 'fan@example.org' }],
    [' Fan@Example.ORG ', { ok: 'fan@example.org' }],
    ['not an email', { error: 'Enter a valid email address, like name@example.com.' }],
    ['', { error: 'Enter an email address.' }],
  ])('%j gives %j', (email, expected) => {
    const result = newsletterSignupSchema.safeParse({ id, email });
    expect(result.success ? { ok: result.data.email } : { error: fieldErrorsOf(result.error).email }).toEqual(expected);
  });
});
