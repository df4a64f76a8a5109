import type { ContactMessageInput } from '@domain/contact';

/** A message from the contact form, as a device sends it. */
export function contactMessage(overrides: Partial<ContactMessageInput> = {}): ContactMessageInput {
  return {
    id: crypto.randomUUID(),
    name: 'Ravi',
    email: 'ravi@example.org',
    phone: '9876543210',
    subject: 'Hello',
    message: 'A question',
    contactMethod: 'Email',
    ...overrides,
  };
}
