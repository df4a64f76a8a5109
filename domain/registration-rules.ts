/**
 * The registration constants a form needs to render, kept free of zod so a page can show its
 * form before the validation code has loaded. `registration.ts` builds the schemas on them.
 */
export const REGISTRATION_TYPES = ['participant', 'institute'] as const;
export type RegistrationType = (typeof REGISTRATION_TYPES)[number];

export const TERMS_MESSAGE = 'You must agree to the terms and conditions.';

/** At most this many registrations travel in one batch request. */
export const REGISTRATION_BATCH_LIMIT = 100;

/** The columns the admin's list sorts by (the API's `sort`; the server keeps an index for each). */
export const REGISTRATION_SORTS = ['name', 'age', 'email', 'phone', 'city', 'institute', 'categories'] as const;
export type RegistrationSort = (typeof REGISTRATION_SORTS)[number];
