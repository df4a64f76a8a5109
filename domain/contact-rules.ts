/**
 * The contact form's constants, free of zod so the page can render its form before the
 * validation code loads. `contact.ts` builds the schema on them.
 */
export const CONTACT_METHODS = ['Email', 'Phone'] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];
