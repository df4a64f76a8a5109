import { z } from './zod';
import { normalizeReferenceCode } from './reference-code';

/**
 * "Find my registration": the reference code and the email or phone it was registered with.
 * The answer never says whether they matched (docs/api.md).
 */
export const findRegistrationSchema = z.object({
  referenceCode: z
    .string({ error: 'Enter the reference code from your confirmation, like KTC-7F3K-9QX2.' })
    .max(40, 'Enter the reference code from your confirmation, like KTC-7F3K-9QX2.')
    .transform((code, ctx) => {
      const normalized = normalizeReferenceCode(code);
      if (!normalized) {
        ctx.addIssue({ code: 'custom', message: 'Enter the reference code from your confirmation, like KTC-7F3K-9QX2.' });
        return z.NEVER;
      }
      return normalized;
    }),
  contact: z
    .string({ error: 'Enter the email address or phone number you registered with.' })
    .trim()
    .min(1, 'Enter the email address or phone number you registered with.')
    .max(254, 'That is too long for an email address or a phone number.'),
});

export type FindRegistrationInput = z.input<typeof findRegistrationSchema>;

/** The last ten digits of a phone number, so "+91 98765 43210" and "09876543210" match. */
export function phoneKey(phone: string): string {
  return phone.replace(/\D/g, '').slice(-10);
}

/** Whether what the family typed is the email or phone stored with the registration. */
/** The contact as typed, reduced to what is compared: the email in lower case, or the phone's last 10 digits. */
export function contactKey(typed: string): string {
  const value = typed.trim();
  return value.includes('@') ? value.toLowerCase() : phoneKey(value);
}

export function contactMatches(typed: string, stored: { email: string; phone: string }): boolean {
  const value = typed.trim();
  if (value.includes('@')) return value.toLowerCase() === stored.email.trim().toLowerCase();
  const key = phoneKey(value);
  return key.length === 10 && key === phoneKey(stored.phone);
}
