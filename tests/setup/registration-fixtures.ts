import { randomUUID } from 'node:crypto';
import { createReferenceCode } from '@domain/reference-code';
import type { RegistrationInput } from '@domain/registration';
import { PRIVACY_NOTICE } from '@domain/season';

/** A child's registration as the new form sends it, with the parent's consent. */
export function childRegistration(overrides: Partial<RegistrationInput> = {}): RegistrationInput {
  return {
    id: randomUUID(),
    referenceCode: createReferenceCode(),
    type: 'participant',
    name: 'Asha Raman',
    age: 7,
    email: 'parent@example.org',
    phone: '+91 98765 43210',
    city: 'Chennai',
    categories: ['dance', 'singing'],
    agreeTerms: true,
    language: 'en',
    guardianName: 'Lakshmi Raman',
    privacyConsent: true,
    privacyNoticeVersion: PRIVACY_NOTICE.version,
    ...overrides,
  };
}

/** A record queued on a device before consent existed: no consent fields, no language. */
export function recordFromBeforeConsent(overrides: Partial<RegistrationInput> = {}): RegistrationInput {
  const {
    language: _language,
    guardianName: _guardianName,
    privacyConsent: _privacyConsent,
    privacyNoticeVersion: _privacyNoticeVersion,
    ...old
  } = childRegistration(overrides);
  return old;
}

export function instituteRegistration(overrides: Partial<RegistrationInput> = {}): RegistrationInput {
  return {
    id: randomUUID(),
    referenceCode: createReferenceCode(),
    type: 'institute',
    instituteName: 'Little Stars Academy',
    email: 'office@example.org',
    phone: '044 2345 6789',
    city: 'Tambaram',
    categories: ['drawing'],
    agreeTerms: true,
    ...overrides,
  };
}
