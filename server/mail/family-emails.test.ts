import { describe, expect, it } from 'vitest';
import { storedRegistration } from '../../tests/setup/registration-fixtures';
import { confirmationEmail, familyLinkEmail, type FamilyEmailData } from './family-emails';

// ADR 015: a family's emails go out in the language they registered in.
const data = (language: 'en' | 'ta'): FamilyEmailData => ({
  language,
  registration: storedRegistration({ name: 'Aarav', age: 7 }),
  consent: { guardianName: 'Lakshmi', noticeVersion: '2026-11' },
  consentNeeded: false,
  link: 'https://example.org/my/token',
  linkExpiresAt: new Date('2028-01-31T00:00:00Z'),
  correctionsCloseAt: new Date('2027-04-10T00:00:00Z'),
  now: new Date('2026-11-23T00:00:00Z'),
});

describe('family emails in the family language', () => {
  it('writes a Tamil registration its confirmation and link emails in Tamil, with Tamil month names', async () => {
    const mail = await confirmationEmail(data('ta'));
    expect(mail.subject).toBe('பதிவு உறுதிசெய்யப்பட்டது: KTC-7F3K-9QX2');
    expect(mail.text).toContain('வணக்கம்,');
    expect(mail.text).toContain('நடனப் போட்டி (Dance Challenge)');
    expect(mail.text).toContain('ஏப்ரல்');
    expect(mail.text).not.toMatch(/Thank you|Reference code|Contests/);
    expect(familyLinkEmail(data('ta')).subject).toBe('பதிவு KTC-7F3K-9QX2க்கான உங்கள் தனிப்பட்ட இணைப்பு');
  });

  it('keeps English for an English registration', async () => {
    const mail = await confirmationEmail(data('en'));
    expect(mail.subject).toBe('Registration confirmed: KTC-7F3K-9QX2');
    expect(mail.text).toContain('Dance Challenge');
    expect(mail.text).toContain('April 18–20, 2027');
  });
});
