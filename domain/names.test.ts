import { describe, expect, it } from 'vitest';
import { contactMessageSchema } from './contact';
import { judgeApplicationSchema } from './judge';
import { hasHiddenCharacters } from './names';
import { registrationInputSchema, registrationUpdateSchema } from './registration';
import { fieldErrorsOf } from './validation';

const HIDDEN = [
  ['right-to-left override', '\u202eahsA'],
  ['zero-width space', 'As\u200bha'],
  ['bell (a C0 control)', 'A\u0007sha'],
  ['line feed inside the name', 'Asha\nRaman'],
  ['C1 control', 'Asha\u0085Raman'],
  ['soft hyphen', 'Asha\u00ad'],
  ['byte order mark inside', 'As\ufeffha'],
  ['left-to-right isolate', '\u2066Asha\u2069'],
  ['line separator', 'Asha\u2028Raman'],
  ['tag character', 'Asha\u{e0041}'],
] as const;

const WRITTEN_BY_PEOPLE = [
  'Asha Raman',
  "O'Brien-Nair",
  'ஆஷா 💃🏽',
  // Tamil க்ஷ written apart with ZWNJ, and a Malayalam chillu with ZWJ: both are spelling.
  'க்\u200cஷமா',
  'ന\u0d4d\u200d',
  'Zoe\u0308',
  '👩\u200d👧 Family',
] as const;

const registration = (name: string, instituteName?: string) => ({
  id: crypto.randomUUID(),
  referenceCode: 'KTC-7F3K-9QX2',
  type: 'participant',
  name,
  age: 7,
  email: 'parent@example.org',
  phone: '9876543210',
  city: 'Chennai',
  instituteName,
  categories: ['dance'],
  agreeTerms: true,
});

const contact = (name: string) => ({
  id: crypto.randomUUID(),
  name,
  email: 'ravi@example.org',
  phone: '9876543210',
  subject: 'Dates',
  message: 'When is level 1?',
});

const judge = (name: string) => ({ id: crypto.randomUUID(), name, expertise: 'Yoga Trainer', experience: 3, bio: 'Teacher.' });

function errorsOf(result: { success: boolean; error?: Parameters<typeof fieldErrorsOf>[0] }) {
  return result.success || !result.error ? {} : fieldErrorsOf(result.error);
}

describe('names refuse hidden control and format characters', () => {
  it.each(HIDDEN)('refuses a %s in every name field, with a message saying which and what to do', (_label, name) => {
    expect(hasHiddenCharacters(name)).toBe(true);
    expect(errorsOf(registrationInputSchema.safeParse(registration(name))).name).toBe(
      "Remove the hidden control or formatting characters from the child's name; retype it if you pasted it.",
    );
    // The admin's inline edit shares the rule.
    const { id: _id, referenceCode: _code, agreeTerms: _terms, ...details } = registration(name);
    expect(errorsOf(registrationUpdateSchema.safeParse({ ...details, version: 1 })).name).toMatch(/^Remove the hidden/);
    expect(errorsOf(registrationInputSchema.safeParse(registration('Asha', `Sunrise ${name}`))).instituteName).toBe(
      'Remove the hidden control or formatting characters from the institute name; retype it if you pasted it.',
    );
    expect(errorsOf(contactMessageSchema.safeParse(contact(name))).name).toBe(
      'Remove the hidden control or formatting characters from your name; retype it if you pasted it.',
    );
    expect(errorsOf(judgeApplicationSchema.safeParse(judge(name))).name).toBe(
      'Remove the hidden control or formatting characters from your name; retype it if you pasted it.',
    );
  });

  it.each(WRITTEN_BY_PEOPLE)('keeps %s, ZWJ and ZWNJ included', (name) => {
    expect(hasHiddenCharacters(name)).toBe(false);
    const parsed = registrationInputSchema.safeParse(registration(name, name));
    expect(parsed.success).toBe(true);
    expect(parsed.data?.name).toBe(name);
    expect(contactMessageSchema.safeParse(contact(name)).success).toBe(true);
    expect(judgeApplicationSchema.safeParse(judge(name)).success).toBe(true);
  });

  it('still trims ordinary spaces and tabs around a name instead of refusing it', () => {
    expect(registrationInputSchema.parse(registration('\t Asha Raman \n')).name).toBe('Asha Raman');
  });
});
