import { describe, expect, it } from 'vitest';
import { fieldCodesOf, messageCodeOf } from './message-codes';
import { registrationInputSchema } from './registration';
import { fieldErrorsOf } from './validation';
import { recordFromBeforeConsent } from '../tests/setup/registration-fixtures';

const valid = recordFromBeforeConsent();

function codesFor(input: Record<string, unknown>) {
  const parsed = registrationInputSchema.safeParse(input);
  expect(parsed.success).toBe(false);
  if (parsed.success) return {};
  const fields = fieldErrorsOf(parsed.error);
  const codes = fieldCodesOf(fields);
  // Every message the registration schema gives has a code.
  expect(Object.keys(codes).sort()).toEqual(Object.keys(fields).sort());
  return codes;
}

describe('validation message codes', () => {
  it('give every registration message a code with its parameters', () => {
    expect(codesFor({ ...valid, phone: '12', email: 'nope', city: '', agreeTerms: false, name: '' })).toEqual({
      phone: { code: 'phone.invalid', params: { field: 'phone' } },
      email: { code: 'email.invalid', params: { field: 'email' } },
      city: { code: 'text.required', params: { field: 'city' } },
      agreeTerms: { code: 'terms.required', params: { field: 'agreeTerms' } },
      name: { code: 'text.required', params: { field: 'name' } },
    });
    expect(codesFor({ ...valid, age: 30 }).age).toEqual({ code: 'age.rangeYears', params: { field: 'age', min: 1, max: 17 } });
    expect(codesFor({ ...valid, categories: ['crawling'], age: 12 }).age).toEqual({
      code: 'age.rangeMonths',
      params: { field: 'age', min: 5, max: 9 },
    });
    expect(codesFor({ ...valid, categories: [] }).categories?.code).toBe('categories.required');
    expect(codesFor({ ...valid, city: 'x'.repeat(81) }).city).toEqual({ code: 'text.tooLong', params: { field: 'city', max: 80 } });
    expect(codesFor({ ...valid, name: 'A\u202eB' }).name?.code).toBe('text.hidden');
  });

  it('leave an unknown message without a code', () => {
    expect(messageCodeOf('x', 'Something else entirely')).toBeNull();
  });
});
