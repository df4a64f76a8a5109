import { createReferenceCode } from '@domain/reference-code';
import type { Registration, RegistrationInput } from '@domain/registration';
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

/** A registration as the server stores and returns it (fixed ids and times, for tests that compare output). */
export function storedRegistration(overrides: Partial<Registration> = {}): Registration {
  return {
    id: '6f1c2a1e-8f5e-4d3c-9a55-0f4a1b2c3d4e',
    referenceCode: 'KTC-7F3K-9QX2',
    type: 'participant',
    name: 'Nila',
    age: 8,
    ageUnit: 'years',
    email: 'parent@example.org',
    phone: '9876543210',
    city: 'Chennai',
    instituteName: null,
    categories: ['dance'],
    createdAt: '2027-03-01T04:30:00.000Z',
    updatedAt: '2027-03-01T04:30:00.000Z',
    version: 1,
    ...overrides,
  };
}
