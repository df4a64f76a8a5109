import { describe, expect, it } from 'vitest';
import { storedRegistration } from '../../tests/setup/registration-fixtures';
import { decodeQrPng } from '../../tests/setup/smtp-test-server';
import { paymentTerms } from '../lib/payment-request';
import { confirmationEmail, familyLinkEmail, type FamilyEmailData } from './family-emails';

const UPI = { UPI_VPA: 'kidstalent@okaxis', UPI_PAYEE_NAME: 'Kids Talent Competition' };

// ADR 015: a family's emails go out in the language they registered in.
const data = (language: 'en' | 'ta', registration = storedRegistration({ name: 'Aarav', age: 7 }), upi: { UPI_VPA?: string; UPI_PAYEE_NAME: string } = UPI): FamilyEmailData => ({
  language,
  registration,
  payment: paymentTerms({ ...registration, cancelledAt: null }, upi),
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

describe('the fee in the confirmation email', () => {
  it('asks for the online fee with a UPI button and a QR code that both carry the payee, the amount and the code', async () => {
    const registration = storedRegistration({ name: 'Aarav', age: 7, categories: ['dance', 'singing'] });
    const mail = await confirmationEmail(data('en', registration));
    expect(mail.text).toContain('To pay: ₹198 for 2 online contests, by UPI to Kids Talent Competition (kidstalent@okaxis).');
    const link = 'upi://pay?pa=kidstalent@okaxis&pn=Kids%20Talent%20Competition&am=198.00&cu=INR&tn=KTC-7F3K-9QX2&tr=KTC-7F3K-9QX2';
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&#38;')}"`);
    const qr = mail.attachments?.find((a) => a.cid === 'upi-qr@kids-talent-competition');
    expect(decodeQrPng(qr?.content as Buffer)).toBe(link);
  });

  it('says it in Tamil to a Tamil family', async () => {
    const mail = await confirmationEmail(data('ta', storedRegistration({ name: 'Aarav', age: 7, categories: ['dance'] })));
    expect(mail.text).toContain('பதிவுக் கட்டணம்');
    expect(mail.text).toContain('செலுத்த வேண்டியது: 1 ஆன்லைன் போட்டிக்கு ₹99');
    expect(mail.html).toContain('UPI செயலியில் ₹99 செலுத்து');
  });

  it('without a UPI address, says how to pay at the venue, with no link or code to pay', async () => {
    const mail = await confirmationEmail(data('en', storedRegistration({ categories: ['dance'] }), { UPI_PAYEE_NAME: 'Kids Talent Competition' }));
    expect(mail.text).toContain('Paying online is not open yet. Pay the fee in cash at the venue on the day');
    expect(mail.text).not.toContain('upi://');
    expect(mail.attachments?.map((a) => a.cid)).toEqual(['reference-qr@kids-talent-competition']);
  });

  it('asks nothing of an institute, and the in-person contests are paid at the venue', async () => {
    const institute = await confirmationEmail(data('en', storedRegistration({ type: 'institute', name: null, age: null, instituteName: 'Little Stars', categories: ['dance'] })));
    expect(institute.text).not.toContain('Entry fee');
    const baby = await confirmationEmail(data('en', storedRegistration({ name: 'Baby Vetri', age: 7, ageUnit: 'months', categories: ['crawling'] })));
    expect(baby.text).toContain('1 in-person contest: ₹333, paid in cash at the venue on the day.');
    expect(baby.text).not.toContain('upi://');
  });
});
