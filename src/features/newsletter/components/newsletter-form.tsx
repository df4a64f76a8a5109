import { lazy, Suspense, useState } from 'react';
import { Form, SubmitButton } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { useFieldErrors } from '@/components/form/use-field-errors';
import { useT } from '@/lib/i18n/use-t';
import './newsletter-form.css';

const loadSaving = () => import('../api/save-newsletter-signup');
const SignupNotice = lazy(() => import('./signup-notice').then((m) => ({ default: m.SignupNotice })));

/** The footer's newsletter sign-up. Subscribing twice from this device is fine, and it says so. */
export function NewsletterForm() {
  const { t } = useT();
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
      form.show({ email: t('newsletter.failed') });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form className="newsletter-form" onSubmit={onSubmit}>
      <FormField label={t('newsletter.email')} {...form.field('email')}>
        {(control) => (
          <div className="newsletter-form__row">
            <input
              {...control}
              type="email"
              autoComplete="email"
              placeholder={t('newsletter.placeholder')}
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                form.clear('email');
              }}
            />
            <SubmitButton busy={saving}>{t('newsletter.subscribe')}</SubmitButton>
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
