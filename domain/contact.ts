import { z } from './zod';
import { emailSchema, phoneSchema, requiredText } from './contact-details';
import { CONTACT_METHODS } from './contact-rules';
import { requiredName } from './names';

export const contactMessageSchema = z.object({
  id: z.uuid({ error: 'The record id must be a UUID.' }),
  name: requiredName('your name', 100),
  email: emailSchema,
  phone: phoneSchema,
  subject: requiredName('a subject', 150),
  message: requiredText('a message', 5000),
  contactMethod: z.enum(CONTACT_METHODS, { error: 'Choose Email or Phone.' }).default('Email'),
});

export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;
