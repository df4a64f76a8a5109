import { describe, expect, it } from 'vitest';
import { registrationContent, registrationInputOf, registrationInputSchema, registrationUpdateSchema, TERMS_MESSAGE, type RegistrationInput } from './registration';
import { fieldErrorsOf, type FieldErrors } from './validation';

const child: RegistrationInput = {
  id: '0b6f1c6e-6a55-4c0e-9d65-2f3e0d1a7c11',
  referenceCode: 'KTC-7F3K-9QX2',
  type: 'participant',
  name: 'Asha',
  age: 7,
  email: 'parent@example.org',
  phone: '98765 43210',
  city: 'Chennai',
  categories: ['dance'],
  agreeTerms: true,
};

function messages(input: unknown): FieldErrors | null {
  const result = registrationInputSchema.safeParse(input);
  return result.success ? null : fieldErrorsOf(result.error);
}

describe('registration rules', () => {
  it.each<[string, Partial<Record<keyof RegistrationInput, unknown>>, FieldErrors | null]>([
    ['a child in years', {}, null],
    ['a baby in the crawling band', { age: 6, categories: ['crawling'] }, null],
    ['a baby at 9 months in both baby contests', { age: 9, categories: ['crawling', 'fastest-walking'] }, null],
    ['an institute without child name or age', { type: 'institute', name: undefined, age: undefined, instituteName: 'Sunrise' }, null],
    ['a participant without a name', { name: '' }, { name: "Enter the child's name." }],
    ['a participant without an age', { age: undefined }, { age: 'Enter the age in years.' }],
    ['a baby without an age', { age: undefined, categories: ['crawling'] }, { age: 'Enter the age in months.' }],
    ['an age of 0 years', { age: 0 }, { age: 'Age must be between 1 and 17 years.' }],
    ['an age of 18 years', { age: 18 }, { age: 'Age must be between 1 and 17 years.' }],
    ['a crawler of 12 months', { age: 12, categories: ['crawling'] }, { age: 'For this contest the age must be between 5 and 9 months.' }],
    ['a walker of 8 months', { age: 8, categories: ['fastest-walking'] }, { age: 'For this contest the age must be between 9 and 15 months.' }],
    ['an age in words', { age: 'seven' }, { age: 'Enter the age as a number.' }],
    ['a fractional age', { age: 7.5 }, { age: 'Enter the age as a whole number.' }],
    ['an institute without its name', { type: 'institute', name: undefined, age: undefined }, { instituteName: 'Enter the institute name.' }],
    ['no contest', { categories: [] }, { categories: 'Choose at least one contest.' }],
    ['an unknown contest', { categories: ['karate'] }, { categories: 'Choose contests from the list.' }],
    ['a contest twice', { categories: ['dance', 'dance'] }, { categories: 'Each contest can be chosen once.' }],
    ['terms not agreed', { agreeTerms: false }, { agreeTerms: TERMS_MESSAGE }],
    ['an unknown type', { type: 'school' }, { type: 'Choose participant or institute.' }],
    ['a bad reference code', { referenceCode: 'KTC-1234' }, { referenceCode: 'The reference code is not in the KTC-XXXX-XXXX form.' }],
    ['a bad id', { id: 'abc' }, { id: 'The record id must be a UUID.' }],
  ])('%s', (_case, change, expected) => {
    expect(messages({ ...child, ...change })).toEqual(expected);
  });

  it('one parse gives every message at once, the cross-field rules included', () => {
    expect(messages({ type: 'participant', name: '', categories: [], agreeTerms: false })).toEqual({
      id: 'The record id must be a UUID.',
      referenceCode: 'The reference code is missing.',
      name: "Enter the child's name.",
      age: 'Enter the age in years.',
      email: 'Enter an email address.',
      phone: 'Enter a phone number.',
      city: 'Enter a city.',
      categories: 'Choose at least one contest.',
      agreeTerms: TERMS_MESSAGE,
    });
  });

  it('the age band is checked even while other fields are wrong', () => {
    expect(messages({ ...child, email: 'x', age: 20, categories: ['crawling'] })).toEqual({
      email: 'Enter a valid email address, like name@example.com.',
      age: 'For this contest the age must be between 5 and 9 months.',
    });
  });

  it('a rule whose own fields are wrong stays quiet: one message per field', () => {
    // An unknown contest hides the band (it cannot be known); a bad age is named once.
    expect(messages({ ...child, age: 'seven', categories: ['crawling', 'karate'] })).toEqual({
      age: 'Enter the age as a number.',
      categories: 'Choose contests from the list.',
    });
  });

  it.each([null, 'text', [], 42])('%j is not a registration', (input) => {
    expect(messages(input)).toEqual({ _form: expect.stringContaining('expected object') });
  });

  it('normalises what it stores: institutes carry no child, age carries its unit, contests in list order', () => {
    expect(registrationInputSchema.parse({ ...child, categories: ['yoga', 'crawling', 'dance'], age: '6' })).toMatchObject({
      age: 6,
      ageUnit: 'months',
      phone: '9876543210',
      instituteName: null,
      categories: ['dance', 'crawling', 'yoga'],
    });
    expect(
      registrationInputSchema.parse({ ...child, type: 'institute', name: 'Asha', age: 7, instituteName: ' Sunrise ' }),
    ).toMatchObject({ name: null, age: null, ageUnit: null, instituteName: 'Sunrise' });
  });

  it('two copies that differ only in spacing have the same content', () => {
    const a = registrationContent(registrationInputSchema.parse(child));
    const b = registrationContent(registrationInputSchema.parse({ ...child, name: ' Asha ', phone: '9876543210' }));
    expect(a).toEqual(b);
  });
});

describe('the parsed registration as it travels (what the outbox stores)', () => {
  it.each<[string, Partial<RegistrationInput>]>([
    ['a child', { name: '  Asha  ', city: ' Chennai ', categories: ['singing', 'dance'] }],
    ['an institute', { type: 'institute', name: 'ignored', age: 5, instituteName: 'Sunrise' }],
    [
      'a child with consent and a language',
      { language: 'ta', guardianName: 'Meena', privacyConsent: true, privacyNoticeVersion: '2026-01', consentChannel: 'web', consentedAt: '2026-11-20T10:00:00+05:30' },
    ],
  ])('%s parses again to the same registration, with no untrimmed or ignored field left', (_, overrides) => {
    const parsed = registrationInputSchema.parse({ ...child, ...overrides });
    const stored = registrationInputOf(parsed);
    expect(registrationInputSchema.parse(stored)).toEqual(parsed);
    expect(Object.values(stored).filter((value) => typeof value === 'string' && value !== value.trim())).toEqual([]);
    if (parsed.type === 'institute') expect(stored).not.toHaveProperty('name');
  });
});

describe('an admin edit', () => {
  const edit = { type: 'participant', name: 'Asha', age: 7, email: 'parent@example.org', phone: '9876543210', city: 'Chennai', categories: ['dance'], version: 3 };

  it.each<[string, Record<string, unknown>, FieldErrors | null]>([
    ['a valid edit', {}, null],
    ['no version', { version: undefined }, { version: 'The record version is missing.' }],
    ['a name cleared', { name: '' }, { name: "Enter the child's name." }],
    ['a baby age out of band, with a bad email', { age: 20, categories: ['crawling'], email: 'x' }, {
      email: 'Enter a valid email address, like name@example.com.',
      age: 'For this contest the age must be between 5 and 9 months.',
    }],
  ])('%s', (_case, change, expected) => {
    const result = registrationUpdateSchema.safeParse({ ...edit, ...change });
    expect(result.success ? null : fieldErrorsOf(result.error)).toEqual(expected);
  });
});
