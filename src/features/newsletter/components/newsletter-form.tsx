import { useT } from '@/lib/i18n/use-t';
import { useState } from 'react';
import { Form, SubmitButton } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { useFieldErrors } from '@/components/form/use-field-errors';
import './newsletter-form.css';

/** The footer's newsletter sign-up. Subscribing twice from this device is fine, and it says so. */
export function NewsletterForm() {
  const { t } = useT();
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
        setNotice(t('newsletter.already'));
        return;
      }
      setNotice(t('newsletter.thanks'));
      // The server never says whether the address was on the list before: that would tell anyone
      // typing an address whether its owner subscribed. On the list it is, either way.
      const answered = await waitForAnswer(result.id, 4000);
      if (answered?.status !== 'synced') {
        setNotice(t('newsletter.saved'));
      }
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
        {notice}
      </p>
    </Form>
  );
}
