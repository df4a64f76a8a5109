/**
 * Season data: one typed module, so next season is one edit (DECISIONS.md, "Season data").
 * The contact phone and email are clearly fake placeholders for the spec's {phone} and {email}.
 */
export const CONTACT = {
  phone: '+91 44 0000 0000',
  phoneHref: 'tel:+914400000000',
  email: 'hello@example.org',
  supportEmail: 'support@example.org',
  adminContact: 'the competition office',
} as const;
