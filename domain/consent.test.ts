import { describe, expect, it } from 'vitest';
import { CONSENT_MESSAGE, consentFieldErrors, familyConsentSchema, GUARDIAN_NAME_MESSAGE } from './consent';
import { fieldErrorsOf } from './validation';
import { registrationContent, registrationFormSchema, registrationInputSchema, type RegistrationInput } from './registration';
import { PRIVACY_NOTICE } from './season';
import { recordFromBeforeConsent } from '../tests/setup/registration-fixtures';

const before = recordFromBeforeConsent();
const withConsent: RegistrationInput = { ...before, guardianName: 'Lakshmi', privacyConsent: true, privacyNoticeVersion: PRIVACY_NOTICE.version };

describe('parental consent in the shared registration schema', () => {
  it('accepts a record queued before consent existed, with consent missing and English', () => {
    const parsed = registrationInputSchema.parse(before);
    expect(parsed.consent).toBeNull();
    expect(parsed.language).toBe('en');
  });

  it('keeps the content hash of such a record, so its replay after the upgrade is a duplicate, not a conflict', () => {
    const parsed = registrationInputSchema.parse(before);
    expect(Object.keys(registrationContent(parsed)).sort()).toEqual(
      ['age', 'ageUnit', 'categories', 'city', 'email', 'id', 'instituteName', 'name', 'phone', 'referenceCode', 'type'].sort(),
    );
  });

  it('turns the consent fields into one consent, defaulting the channel and the notice version', () => {
    const parsed = registrationInputSchema.parse({ ...withConsent, privacyNoticeVersion: undefined, language: 'ta' });
    expect(parsed.consent).toEqual({ guardianName: 'Lakshmi', noticeVersion: PRIVACY_NOTICE.version, channel: 'web', consentedAt: null });
    expect(parsed.language).toBe('ta');
    expect(registrationContent(parsed)).toMatchObject({ language: 'ta', consent: parsed.consent });
    expect(parsed).not.toHaveProperty('guardianName');
  });

  it('requires the whole consent once any part of it is sent', () => {
    const result = registrationInputSchema.safeParse({ ...before, guardianName: 'Lakshmi' });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrorsOf(result.error)).toEqual({ privacyConsent: CONSENT_MESSAGE });
    const unticked = registrationInputSchema.safeParse({ ...withConsent, privacyConsent: false });
    expect(unticked.success).toBe(false);
  });

  it('makes the form require consent for a child, but not for an institute', () => {
    const result = registrationFormSchema.safeParse(before);
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrorsOf(result.error)).toEqual({ guardianName: GUARDIAN_NAME_MESSAGE, privacyConsent: CONSENT_MESSAGE });
    expect(registrationFormSchema.safeParse(withConsent).success).toBe(true);
    const institute = registrationFormSchema.parse({ ...before, type: 'institute', name: undefined, age: undefined, instituteName: 'Little Stars' });
    expect(institute.consent).toBeNull();
  });

  it('lists the consent messages on their own, for a form showing every problem at once', () => {
    expect(consentFieldErrors({ type: 'participant' })).toEqual({ guardianName: GUARDIAN_NAME_MESSAGE, privacyConsent: CONSENT_MESSAGE });
    expect(consentFieldErrors({ type: 'institute' })).toEqual({});
  });

  it('refuses a consent time that is not a date, and hidden characters in the name', () => {
    expect(registrationInputSchema.safeParse({ ...withConsent, consentedAt: 'yesterday' }).success).toBe(false);
    expect(registrationInputSchema.safeParse({ ...withConsent, guardianName: 'La\u0000kshmi' }).success).toBe(false);
  });
});

describe('consent given on the family page', () => {
  it('is to the current notice only', () => {
    expect(familyConsentSchema.safeParse({ guardianName: 'Ravi', privacyConsent: true, privacyNoticeVersion: PRIVACY_NOTICE.version }).success).toBe(true);
    expect(familyConsentSchema.safeParse({ guardianName: 'Ravi', privacyConsent: true, privacyNoticeVersion: 'old' }).success).toBe(false);
    expect(familyConsentSchema.safeParse({ guardianName: '  ', privacyConsent: true, privacyNoticeVersion: PRIVACY_NOTICE.version }).success).toBe(false);
  });
});
