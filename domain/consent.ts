import { z } from './zod';
import { isPlausibleTime } from './dates';
import { LANGUAGES } from './languages';
import { hasHiddenCharacters, hasWebAddress, hiddenCharactersMessage, webAddressMessage } from './names';
import { PRIVACY_NOTICE } from './season';
import type { FieldErrors } from './validation';

/**
 * A parent's or guardian's consent to the processing of a child's data (DPDP Act 2023, s. 9):
 * who gave it, for which version of the privacy notice, in which language, when and how.
 */

/** Where consent was given: the family on the website, or field staff on a device at a venue. */
export const CONSENT_CHANNELS = ['web', 'field-staff'] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];

export const CONSENT_MESSAGE = 'Tick the box to give your consent as the parent or guardian.';
export const GUARDIAN_NAME_MESSAGE = 'Enter the name of the parent or guardian giving consent.';
const GUARDIAN_NAME_MAX = 100;

/** Half a surrogate pair: no keyboard types it, and the database cannot store it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

// A single line like every name (names.ts): no line breaks, bidi or other hidden characters, no link.
const guardianName = z
  .string({ error: GUARDIAN_NAME_MESSAGE })
  .trim()
  .max(GUARDIAN_NAME_MAX, `Keep the name under ${GUARDIAN_NAME_MAX} characters.`)
  .refine((name) => !LONE_SURROGATE.test(name), 'Remove the hidden or broken characters from this field.')
  .refine((name) => !hasHiddenCharacters(name), hiddenCharactersMessage("the parent's or guardian's name"))
  .refine((name) => !hasWebAddress(name), webAddressMessage("the parent's or guardian's name"));

const noticeVersion = z
  .string({ error: 'The privacy notice version must be text.' })
  .trim()
  .min(1, 'The privacy notice version is missing.')
  .max(40, 'The privacy notice version is too long.')
  .regex(/^[\w.-]+$/, 'The privacy notice version is not valid.');

/**
 * The consent fields of a registration. All optional here: a record queued on a device before
 * consent existed carries none of them and must still be accepted (nothing acknowledged on a
 * device is ever lost). Once any of them is sent, `checkConsent` requires the lot.
 */
export const consentShape = {
  /** The language the form and the privacy notice were shown in; the family's emails use it. */
  language: z.enum(LANGUAGES, { error: 'Choose English or Tamil.' }).optional(),
  guardianName: guardianName.optional(),
  /** The checkbox linking the privacy notice. */
  privacyConsent: z.boolean({ error: CONSENT_MESSAGE }).optional(),
  /** The notice version shown; the current one when left out. */
  privacyNoticeVersion: noticeVersion.optional(),
  consentChannel: z.enum(CONSENT_CHANNELS, { error: 'Unknown consent channel.' }).optional(),
  /** When the box was ticked, on the device (a queued record may sync days later). */
  consentedAt: z.iso
    .datetime({ offset: true, error: 'The consent time must be an ISO date and time.' })
    .refine(isPlausibleTime, 'The consent time must be an ISO date and time.')
    .optional(),
};

type ConsentFields = {
  type: 'participant' | 'institute';
  guardianName?: string | undefined;
  privacyConsent?: boolean | undefined;
  privacyNoticeVersion?: string | undefined;
};

/** A consent as it travels with a new registration (before the server stamps it). */
export type ConsentInput = {
  guardianName: string;
  noticeVersion: string;
  channel: ConsentChannel;
  consentedAt: string | null;
};

function sentAnyConsent(fields: ConsentFields): boolean {
  return fields.guardianName !== undefined || fields.privacyConsent !== undefined || fields.privacyNoticeVersion !== undefined;
}

type ConsentIssue = { field: 'guardianName' | 'privacyConsent'; message: string };

/**
 * What is missing from a consent, as plain data. Consent applies to a child (participant) only.
 * `required`: the form's rule for new records; without it, a record that carries no consent at
 * all is accepted with consent missing.
 */
export function consentIssues(fields: ConsentFields, required: boolean): ConsentIssue[] {
  if (fields.type !== 'participant') return [];
  if (!required && !sentAnyConsent(fields)) return [];
  const issues: ConsentIssue[] = [];
  if (!fields.guardianName) issues.push({ field: 'guardianName', message: GUARDIAN_NAME_MESSAGE });
  if (fields.privacyConsent !== true) issues.push({ field: 'privacyConsent', message: CONSENT_MESSAGE });
  return issues;
}

/** The same rule inside a zod schema's `superRefine`. */
export function checkConsent(fields: ConsentFields, ctx: z.RefinementCtx, required: boolean): void {
  for (const issue of consentIssues(fields, required)) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
}

/** The consent to store with a registration, or null (an institute, or an old record without one). */
export function consentOf(
  fields: ConsentFields & { consentChannel?: ConsentChannel | undefined; consentedAt?: string | undefined },
): ConsentInput | null {
  if (fields.type !== 'participant' || !fields.guardianName || fields.privacyConsent !== true) return null;
  return {
    guardianName: fields.guardianName,
    noticeVersion: fields.privacyNoticeVersion ?? PRIVACY_NOTICE.version,
    channel: fields.consentChannel ?? 'web',
    consentedAt: fields.consentedAt ? new Date(fields.consentedAt).toISOString() : null,
  };
}

/** The consent fields' messages alone, for a form that shows every problem at once. */
export function consentFieldErrors(fields: ConsentFields): FieldErrors {
  return Object.fromEntries(consentIssues(fields, true).map((issue) => [issue.field, issue.message]));
}

/** A family giving (or renewing) consent on their private page: always to the current notice. */
export const familyConsentSchema = z.object({
  guardianName: guardianName.refine((name) => name.length > 0, GUARDIAN_NAME_MESSAGE),
  privacyConsent: z.literal(true, { error: CONSENT_MESSAGE }),
  privacyNoticeVersion: noticeVersion.refine(
    (version) => version === PRIVACY_NOTICE.version,
    'The privacy notice has changed since this page was opened. Reload the page and read the current notice.',
  ),
  language: z.enum(LANGUAGES, { error: 'Choose English or Tamil.' }).optional(),
});

export type FamilyConsentInput = z.input<typeof familyConsentSchema>;
