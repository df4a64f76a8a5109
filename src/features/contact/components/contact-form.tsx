// Placeholder until the contact form is built (it submits through the outbox).
export function ContactForm() {
  return <p>The message form is coming soon.</p>;
}
