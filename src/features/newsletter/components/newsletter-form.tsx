// Placeholder until the newsletter form is built (it submits through the outbox).
export function NewsletterForm() {
  return null;
}
