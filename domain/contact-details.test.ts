import { describe, expect, it } from 'vitest';
import { emailSchema, normalizePhone, optionalText, phoneSchema, requiredText } from './contact-details';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe('phone numbers', () => {
  it.each([
    ['9876543210', '9876543210'],
    ['98765 43210', '9876543210'],
    ['+91 98765-43210', '+919876543210'],
    ['(044) 2345-6789', '04423456789'],
    ['+91 44 0000 0000', '+914400000000'],
    ['  9876543210  ', '9876543210'],
  ])('%j is stored as %j', (input, stored) => {
    expect(normalizePhone(input)).toBe(stored);
    expect(phoneSchema.parse(input)).toBe(stored);
  });

  it.each([
    ['', 'Enter a phone number.'],
    ['   ', 'Enter a phone number.'],
    ['123', 'Enter a phone number of 10 to 13 digits.'],
    ['123456789', 'Enter a phone number of 10 to 13 digits.'],
    ['12345678901234', 'Enter a phone number of 10 to 13 digits.'],
    ['98765abcde', 'Enter a phone number of 10 to 13 digits.'],
    ['9'.repeat(41), 'Enter a phone number of 10 to 13 digits.'],
  ])('%j is refused: %s', (input, message) => {
    expect(messageOf(phoneSchema.safeParse(input))).toBe(message);
  });

  it('a missing phone asks for one', () => {
    expect(messageOf(phoneSchema.safeParse(undefined))).toBe('Enter a phone number.');
  });
});

describe('email addresses', () => {
  it.each([
    ['parent@example.org', 'parent@example.org'],
    ['  Parent.Name+kids@Example.co.in ', 'Parent.Name+kids@Example.co.in'],
  ])('%j is accepted as %j', (input, stored) => {
    expect(emailSchema.parse(input)).toBe(stored);
  });

  it.each([
    ['', 'Enter an email address.'],
    ['not-an-email', 'Enter a valid email address, like name@example.com.'],
    ['a@b', 'Enter a valid email address, like name@example.com.'],
    ['two@@example.org', 'Enter a valid email address, like name@example.com.'],
  ])('%j is refused: %s', (input, message) => {
    expect(messageOf(emailSchema.safeParse(input))).toBe(message);
  });

  it('an address over 254 characters is too long', () => {
    expect(messageOf(emailSchema.safeParse(`${'a'.repeat(250)}@example.org`))).toBe('That email address is too long.');
  });
});

describe('text fields', () => {
  const city = requiredText('a city', 10);
  const institute = optionalText('the institute name', 10);

  it.each([
    ['Chennai', { ok: 'Chennai' }],
    ['  Chennai ', { ok: 'Chennai' }],
    ['', { error: 'Enter a city.' }],
    ['   ', { error: 'Enter a city.' }],
    ['Kanchipuram!', { error: 'Keep a city under 10 characters.' }],
    [42, { error: 'Enter a city.' }],
  ])('required %j gives %j', (input, expected) => {
    const result = city.safeParse(input);
    expect(result.success ? { ok: result.data } : { error: messageOf(result) }).toEqual(expected);
  });

  it.each([
    [undefined, { ok: undefined }],
    ['', { ok: undefined }],
    ['   ', { ok: undefined }],
    [' Sunrise ', { ok: 'Sunrise' }],
    ['Sunrise Academy', { error: 'Keep the institute name under 10 characters.' }],
    [7, { error: 'Enter the institute name as text.' }],
  ])('optional %j gives %j', (input, expected) => {
    const result = institute.safeParse(input);
    expect(result.success ? { ok: result.data } : { error: messageOf(result) }).toEqual(expected);
  });
});
