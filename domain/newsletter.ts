import { z } from './zod';
import { emailSchema } from './contact-details';

export const newsletterSignupSchema = z.object({
  id: z.uuid({ error: 'The record id must be a UUID.' }),
  email: emailSchema.transform((email) => email.toLowerCase()),
});

export type NewsletterSignupInput = z.input<typeof newsletterSignupSchema>;
export type NewsletterSignup = z.output<typeof newsletterSignupSchema>;
