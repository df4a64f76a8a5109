import { z } from './zod';
import { ageRangeFor, ageUnitFor, type AgeUnit } from './age-bands';
import { CATEGORY_SLUGS, isCategorySlug, type CategorySlug } from './categories';
import { checkConsent, consentOf, consentShape, type ConsentInput } from './consent';
import { emailSchema, phoneSchema } from './contact-details';
import { DEFAULT_LANGUAGE, type Language } from './languages';
import { optionalName, requiredName } from './names';
import { REFERENCE_CODE_PATTERN } from './reference-code';
import { numberFromInput } from './validation';

import { REGISTRATION_BATCH_LIMIT, REGISTRATION_TYPES, TERMS_MESSAGE, type RegistrationType } from './registration-rules';
import { plural } from './plural';

export { REGISTRATION_BATCH_LIMIT, REGISTRATION_TYPES, TERMS_MESSAGE, type RegistrationType };

const categoriesSchema = z
  .array(z.enum(CATEGORY_SLUGS, { error: 'Choose contests from the list.' }), {
    error: 'Choose at least one contest.',
  })
  .min(1, 'Choose at least one contest.')
  .max(CATEGORY_SLUGS.length)
  .refine((list) => new Set(list).size === list.length, 'Each contest can be chosen once.');

/** The fields a person fills in, shared by the registration form and the admin's inline edit. */
const detailsShape = {
  type: z.enum(REGISTRATION_TYPES, { error: 'Choose participant or institute.' }),
  name: optionalName("the child's name", 100),
  age: z.preprocess(
    numberFromInput,
    z.number({ error: 'Enter the age as a number.' }).int('Enter the age as a whole number.').optional(),
  ),
  email: emailSchema,
  phone: phoneSchema,
  city: requiredName('a city', 80),
  instituteName: optionalName('the institute name', 150),
  categories: categoriesSchema,
};

type DetailsInput = {
  type: RegistrationType;
  name?: string | undefined;
  age?: number | undefined;
  instituteName?: string | undefined;
  categories: CategorySlug[];
};

/**
 * The cross-field rules run even when other fields are wrong, so one parse gives every message
 * at once (zod would otherwise skip them until every field parsed). Each rule runs only when
 * the fields it reads are themselves valid (zod's `when`).
 */
function fieldsParsed(...fields: string[]) {
  return (payload: z.core.ParsePayload) =>
    isRecord(payload.value) && !payload.issues.some((issue) => fields.includes(String(issue.path?.[0])));
}

/** The age band also reads the categories: any list of known contests will do, even an empty one. */
function ageFieldsParsed(payload: z.core.ParsePayload): boolean {
  if (!fieldsParsed('type', 'age')(payload) || !isRecord(payload.value)) return false;
  const { categories } = payload.value;
  return Array.isArray(categories) && categories.every((slug) => typeof slug === 'string' && isCategorySlug(slug));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Who must give a name: a participant the child's, an institute its own. */
function checkNames(details: DetailsInput, ctx: z.RefinementCtx): void {
  if (details.type === 'institute') {
    if (!details.instituteName) {
      ctx.addIssue({ code: 'custom', path: ['instituteName'], message: 'Enter the institute name.' });
    }
  } else if (!details.name) {
    ctx.addIssue({ code: 'custom', path: ['name'], message: "Enter the child's name." });
  }
}

/** A participant's age, in the unit and band of the chosen contests. */
function checkAge(details: DetailsInput, ctx: z.RefinementCtx): void {
  if (details.type === 'institute') return;
  const range = ageRangeFor(details.categories);
  if (details.age === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['age'],
      message: range.unit === 'months' ? 'Enter the age in months.' : 'Enter the age in years.',
    });
  } else if (range.min > range.max) {
    ctx.addIssue({
      code: 'custom',
      path: ['categories'],
      message: 'No baby can enter both Crawling (5-9 months) and Fastest Walking (9-15 months) unless exactly 9 months old.',
    });
  } else if (details.age < range.min || details.age > range.max) {
    ctx.addIssue({ code: 'custom', path: ['age'], message: ageRangeMessage(range) });
  }
}

export function ageRangeMessage(range: { min: number; max: number; unit: AgeUnit }): string {
  if (range.unit === 'years') return `Age must be between ${range.min} and ${plural(range.max, { one: '# year', other: '# years' })}.`;
  return `For this contest the age must be between ${range.min} and ${plural(range.max, { one: '# month', other: '# months' })}.`;
}

/** Normalised details: institutes carry no child name or age; age carries its unit. */
function normalizeDetails<T extends DetailsInput>(details: T) {
  const isInstitute = details.type === 'institute';
  return {
    ...details,
    name: isInstitute ? null : (details.name ?? null),
    age: isInstitute ? null : (details.age ?? null),
    ageUnit: isInstitute ? null : ageUnitFor(details.categories),
    instituteName: details.instituteName ?? null,
    categories: [...details.categories].sort(
      (a, b) => CATEGORY_SLUGS.indexOf(a) - CATEGORY_SLUGS.indexOf(b),
    ),
  };
}

/** A new registration, as the form stores it in the outbox and as the API accepts it. */
export const registrationInputSchema = z
  .object({
    id: z.uuid({ error: 'The record id must be a UUID.' }),
    referenceCode: z
      .string({ error: 'The reference code is missing.' })
      .regex(REFERENCE_CODE_PATTERN, 'The reference code is not in the KTC-XXXX-XXXX form.'),
    ...detailsShape,
    agreeTerms: z.literal(true, { error: TERMS_MESSAGE }),
    ...consentShape,
  })
  .superRefine(checkNames, { when: fieldsParsed('type', 'name', 'instituteName') })
  .superRefine(checkAge, { when: ageFieldsParsed })
  .superRefine((input, ctx) => checkConsent(input, ctx, false), {
    when: fieldsParsed('type', 'guardianName', 'privacyConsent', 'privacyNoticeVersion'),
  })
  .transform(normalizeDetails)
  .transform(withConsent);

export type RegistrationInput = z.input<typeof registrationInputSchema>;
export type NewRegistration = z.output<typeof registrationInputSchema>;

/**
 * What the registration form stores: a child's registration must carry the parent's consent.
 * The API takes `registrationInputSchema`, which also accepts records queued before consent
 * existed (stored with consent missing; the family's page asks for it).
 */
export const registrationFormSchema = registrationInputSchema.superRefine((registration, ctx) => {
  if (registration.type === 'participant' && !registration.consent) checkConsent(registration, ctx, true);
});

/** The flat consent fields become one `consent` (or null) and the language gets its default. */
function withConsent<
  T extends Parameters<typeof consentOf>[0] & { language?: Language | undefined },
>({ guardianName, privacyConsent, privacyNoticeVersion, consentChannel, consentedAt, language, ...rest }: T) {
  const consent: ConsentInput | null = consentOf({ ...rest, guardianName, privacyConsent, privacyNoticeVersion, consentChannel, consentedAt });
  return { ...rest, language: language ?? DEFAULT_LANGUAGE, consent };
}

/**
 * A parsed registration back in the shape it travels in: what the outbox stores and the API
 * parses again (trimmed, categories in order, language and consent explicit). Parsing the result
 * gives the same registration (registration.test.ts).
 */
export function registrationInputOf(r: NewRegistration): RegistrationInput {
  return {
    id: r.id,
    referenceCode: r.referenceCode,
    type: r.type,
    ...(r.name !== null ? { name: r.name } : {}),
    ...(r.age !== null ? { age: r.age } : {}),
    email: r.email,
    phone: r.phone,
    city: r.city,
    ...(r.instituteName !== null ? { instituteName: r.instituteName } : {}),
    categories: r.categories,
    agreeTerms: r.agreeTerms,
    language: r.language,
    ...(r.consent
      ? {
          guardianName: r.consent.guardianName,
          privacyConsent: true,
          privacyNoticeVersion: r.consent.noticeVersion,
          consentChannel: r.consent.channel,
          ...(r.consent.consentedAt ? { consentedAt: r.consent.consentedAt } : {}),
        }
      : {}),
  };
}

/** An admin's inline edit: the same rules, plus the version it was loaded at (stale edits get 409). */
export const registrationUpdateSchema = z
  .object({
    ...detailsShape,
    version: z.number({ error: 'The record version is missing.' }).int().min(1),
  })
  .superRefine(checkNames, { when: fieldsParsed('type', 'name', 'instituteName') })
  .superRefine(checkAge, { when: ageFieldsParsed })
  .transform(normalizeDetails);

export type RegistrationUpdateInput = z.input<typeof registrationUpdateSchema>;
export type RegistrationUpdate = z.output<typeof registrationUpdateSchema>;

/** A registration as the API returns it. */
export type Registration = {
  id: string;
  referenceCode: string;
  type: RegistrationType;
  name: string | null;
  age: number | null;
  ageUnit: AgeUnit | null;
  email: string;
  phone: string;
  city: string;
  instituteName: string | null;
  categories: CategorySlug[];
  createdAt: string;
  updatedAt: string;
  version: number;
};

/**
 * The fields that make two copies of a registration "the same content" for idempotency. The
 * language and consent count only when they differ from a record made before they existed, so
 * such a record, replayed after an upgrade, still matches the copy stored before it.
 */
export function registrationContent(r: NewRegistration) {
  return {
    ...(r.language !== DEFAULT_LANGUAGE ? { language: r.language } : {}),
    ...(r.consent ? { consent: r.consent } : {}),
    id: r.id,
    referenceCode: r.referenceCode,
    type: r.type,
    name: r.name,
    age: r.age,
    ageUnit: r.ageUnit,
    email: r.email,
    phone: r.phone,
    city: r.city,
    instituteName: r.instituteName,
    categories: r.categories,
  };
}
