import type { FieldErrors } from './validation';

/**
 * Validation messages as codes with parameters (ADR 015). The shared schemas keep
 * writing their English message (API callers read it); each message has a code here, found
 * from the English by its template, so the client can show it in the user's language and the
 * server's 422 can carry the same codes (`codes` next to `fields`, docs/api.md). The field a
 * message belongs to is its own parameter (`field`), so "Enter a city." and "Enter the child's
 * name." share one code.
 */
export type MessageCode = { code: string; params: Record<string, string | number> };
export type FieldCodes = Record<string, MessageCode>;

type Template = { code: string; pattern: RegExp; params?: readonly string[] };

// Order matters: the specific messages come before the general "Enter …." ones.
const TEMPLATES: readonly Template[] = [
  { code: 'phone.required', pattern: /^Enter a phone number\.$/ },
  { code: 'phone.invalid', pattern: /^Enter a phone number of 10 to 13 digits\.$/ },
  { code: 'email.required', pattern: /^Enter an email address\.$/ },
  { code: 'email.tooLong', pattern: /^That email address is too long\.$/ },
  { code: 'email.invalid', pattern: /^Enter a valid email address, like name@example\.com\.$/ },
  { code: 'terms.required', pattern: /^You must agree to the terms and conditions\.$/ },
  { code: 'consent.required', pattern: /^Tick the box to give your consent as the parent or guardian\.$/ },
  { code: 'categories.unknown', pattern: /^Choose contests from the list\.$/ },
  { code: 'categories.required', pattern: /^Choose at least one contest\.$/ },
  { code: 'categories.duplicate', pattern: /^Each contest can be chosen once\.$/ },
  { code: 'categories.babyOverlap', pattern: /^No baby can enter both Crawling .* unless exactly 9 months old\.$/ },
  { code: 'type.required', pattern: /^Choose participant or institute\.$/ },
  { code: 'age.number', pattern: /^Enter the age as a number\.$/ },
  { code: 'age.whole', pattern: /^Enter the age as a whole number\.$/ },
  { code: 'age.requiredMonths', pattern: /^Enter the age in months\.$/ },
  { code: 'age.requiredYears', pattern: /^Enter the age in years\.$/ },
  { code: 'age.rangeYears', pattern: /^Age must be between ([\d,]+) and ([\d,]+) years?\.$/, params: ['min', 'max'] },
  { code: 'age.rangeMonths', pattern: /^For this contest the age must be between ([\d,]+) and ([\d,]+) months?\.$/, params: ['min', 'max'] },
  { code: 'score.required', pattern: /^Give .+ a score\.$/ },
  { code: 'utr.invalid', pattern: /^The UPI reference \(UTR\) is the 12-digit number your UPI app shows for the payment\.$/ },
  { code: 'utr.tooManyOpen', pattern: /^We already have ([\d,]+) payment references for this registration that we have not yet found in our bank statement\. /, params: ['max'] },
  // The server's own check for what Postgres cannot store (NUL, a lone surrogate): the same advice.
  { code: 'text.hidden', pattern: /^Remove the hidden or broken characters from this field\.$/ },
  { code: 'text.hidden', pattern: /^Remove the hidden control or formatting characters from .+; retype it if you pasted it\.$/ },
  { code: 'text.webAddress', pattern: /^Remove the web address from .+\.$/ },
  { code: 'text.tooLong', pattern: /^Keep .+ under ([\d,]+) characters?\.$/, params: ['max'] },
  { code: 'text.notText', pattern: /^Enter .+ as text\.$/ },
  { code: 'text.required', pattern: /^Enter .+\.$/ },
];

/** The code of one English message for one field, or null for a message without one. */
export function messageCodeOf(field: string, message: string): MessageCode | null {
  for (const template of TEMPLATES) {
    const match = template.pattern.exec(message);
    if (!match) continue;
    const params: Record<string, string | number> = { field };
    (template.params ?? []).forEach((name, index) => {
      // Numbers may be written with grouping ("1,000", as plural() writes them).
      params[name] = Number((match[index + 1] ?? '').replaceAll(',', ''));
    });
    return { code: template.code, params };
  }
  return null;
}

/** The codes of a 422's field messages (fields without a code are left out). */
export function fieldCodesOf(fields: FieldErrors): FieldCodes {
  const codes: FieldCodes = {};
  for (const [field, message] of Object.entries(fields)) {
    const code = messageCodeOf(field, message);
    if (code) codes[field] = code;
  }
  return codes;
}

/** Every code, for the catalogs' completeness test. */
export const MESSAGE_CODES: readonly string[] = TEMPLATES.map((template) => template.code);
