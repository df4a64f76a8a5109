import { createReferenceCode } from '@domain/reference-code';
import type { RegistrationInput } from '@domain/registration';
import { PRIVACY_NOTICE } from '@domain/season';

// Plain `crypto` (Node's global and the browser's): these fixtures serve domain, server and
// browser-side tests alike.

/**
 * A child's registration as a device queued it before consent existed: no consent fields and no
 * language. Every other registration fixture is this one with more in it.
 */
export function recordFromBeforeConsent(overrides: Partial<RegistrationInput> = {}): RegistrationInput {
  return {
    id: crypto.randomUUID(),
    referenceCode: createReferenceCode(),
    type: 'participant',
    name: 'Asha Raman',
    age: 7,
    email: 'parent@example.org',
    phone: '+91 98765 43210',
    city: 'Chennai',
    categories: ['dance', 'singing'],
    agreeTerms: true,
    ...overrides,
  };
}

/** A child's registration as the new form sends it, with the parent's consent. */
export function childRegistration(overrides: Partial<RegistrationInput> = {}): RegistrationInput {
  return recordFromBeforeConsent({
    language: 'en',
    guardianName: 'Lakshmi Raman',
    privacyConsent: true,
    privacyNoticeVersion: PRIVACY_NOTICE.version,
    ...overrides,
  });
}

/** An institute's registration (no child's name or age), as a device queued it before consent existed. */
export function instituteRegistration(overrides: Partial<RegistrationInput> = {}): RegistrationInput {
  const { name: _name, age: _age, ...base } = recordFromBeforeConsent({ email: 'office@example.org', phone: '044 2345 6789', city: 'Tambaram' });
  return { ...base, type: 'institute', instituteName: 'Little Stars Academy', categories: ['drawing'], ...overrides };
}
