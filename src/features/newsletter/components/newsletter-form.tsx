import { useState } from 'react';
import { Form, SubmitButton } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { useFieldErrors } from '@/components/form/use-field-errors';
import './newsletter-form.css';

/** The footer's newsletter sign-up. Subscribing twice from this device is fine, and it says so. */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState('');
  const [saving, setSaving] = useState(false);
  const form = useFieldErrors();

  async function onSubmit() {
    if (saving) return;
    setSaving(true);
    setNotice('');
    form.reset();
    try {
      const { subscribe, waitForAnswer } = await import('../utils/subscribe');
      const result = await subscribe(email);
      if (result.kind === 'invalid') {
        form.show({ email: result.message });
        return;
      }
      setEmail('');
      if (result.kind === 'already') {
        setNotice('You are already subscribed. Nothing more to do!');
        return;
      }
      setNotice('Thanks! You are on the list.');
      // The server never says whether the address was on the list before: that would tell anyone
      // typing an address whether its owner subscribed. On the list it is, either way.
      const answered = await waitForAnswer(result.id, 4000);
      if (answered?.status !== 'synced') {
        setNotice('Thanks! Saved on this device; you will be subscribed as soon as you are online.');
      }
    } catch {
      form.show({ email: 'That did not work. Please try again.' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form className="newsletter-form" onSubmit={onSubmit}>
      <FormField label="Your email" {...form.field('email')}>
        {(control) => (
          <div className="newsletter-form__row">
            <input
              {...control}
              type="email"
              autoComplete="email"
              placeholder="Enter your email"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                form.clear('email');
              }}
            />
            <SubmitButton busy={saving}>Subscribe</SubmitButton>
          </div>
        )}
      </FormField>
      <p role="status" className="newsletter-form__notice">
        {notice}
      </p>
    </Form>
  );
}
