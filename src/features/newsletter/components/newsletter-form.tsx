import { lazy, Suspense, useState } from 'react';
import { Form, SubmitButton } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { useFieldErrors } from '@/components/form/use-field-errors';
import './newsletter-form.css';

const loadSaving = () => import('../api/save-newsletter-signup');
const SignupNotice = lazy(() => import('./signup-notice').then((m) => ({ default: m.SignupNotice })));

/** The footer's newsletter sign-up. Subscribing twice from this device is fine, and it says so. */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [signup, setSignup] = useState<{ id: string; existing: boolean } | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useFieldErrors();

  async function onSubmit() {
    if (saving) return;
    setSaving(true);
    setSignup(null);
    form.reset();
    try {
      const { saveNewsletterSignup } = await loadSaving();
      const result = await saveNewsletterSignup(email);
      if (!result.saved) {
        form.show({ email: result.errors.email ?? 'Enter a valid email address.' });
        return;
      }
      setEmail('');
      setSignup({ id: result.id, existing: result.existing });
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
        {signup ? (
          <Suspense fallback={null}>
            <SignupNotice key={signup.id} {...signup} />
          </Suspense>
        ) : null}
      </p>
    </Form>
  );
}
