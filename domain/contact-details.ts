import { z } from './zod';
import { plural } from './plural';

/** Phones: 10 to 13 digits once spaces, dashes, brackets and one leading + are removed. */
export function normalizePhone(input: string): string {
  const trimmed = input.trim();
  const plus = trimmed.startsWith('+') ? '+' : '';
  return plus + trimmed.replace(/[\s\-()+.]/g, '');
}

export const phoneSchema = z
  .string({ error: 'Enter a phone number.' })
  .trim()
  .min(1, 'Enter a phone number.')
  .max(40, 'Enter a phone number of 10 to 13 digits.')
  .transform(normalizePhone)
  .refine((phone) => /^\+?\d{10,13}$/.test(phone), 'Enter a phone number of 10 to 13 digits.');

export const emailSchema = z
  .string({ error: 'Enter an email address.' })
  .trim()
  .min(1, 'Enter an email address.')
  .max(254, 'That email address is too long.')
  .pipe(z.email('Enter a valid email address, like name@example.com.'));

/** A required line of text with a friendly message and a sane upper bound. */
export function requiredText(label: string, max: number) {
  return z
    .string({ error: `Enter ${label}.` })
    .trim()
    .min(1, `Enter ${label}.`)
    .max(max, `Keep ${label} under ${plural(max, { one: '# character', other: '# characters' })}.`);
}

export function optionalText(label: string, max: number) {
  return z
    .string({ error: `Enter ${label} as text.` })
    .trim()
    .max(max, `Keep ${label} under ${plural(max, { one: '# character', other: '# characters' })}.`)
    .optional()
    .transform((value) => (value ? value : undefined));
}
