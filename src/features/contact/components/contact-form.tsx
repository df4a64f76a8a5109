import { CONTACT_METHODS, type ContactMethod } from '@domain/contact-rules';
import { useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Form, SubmitButton } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { useFieldErrors } from '@/components/form/use-field-errors';
import { usePreloadWhenFormTouched } from '@/hooks/use-preload-when-form-touched';
import { useT } from '@/lib/i18n/use-t';

// Validation and the outbox (zod, Dexie) load when the form is first touched, not with the page:
// evaluated with the form they made one task of ~140 ms on a 4x slower CPU.
const loadSaving = () => import('../api/save-contact-message');

type Values = { name: string; email: string; phone: string; subject: string; message: string; contactMethod: ContactMethod };

/** The contact page's message form. Messages go through the outbox, so they survive going offline. */
export function ContactForm() {
  const [params] = useSearchParams();
  const { t } = useT();
  const blank = (): Values => ({
    name: '',
    email: '',
    phone: '',
    subject: params.get('subject')?.slice(0, 150) ?? '',
    message: '',
    contactMethod: 'Email',
  });
  const [values, setValues] = useState<Values>(blank);
  const form = useFieldErrors();
  const [saving, setSaving] = useState(false);
  const [thanked, setThanked] = useState(false);
  const [failed, setFailed] = useState(false);
  const statusRef = useRef<HTMLDivElement>(null);
  const methodName = useId();
  usePreloadWhenFormTouched(loadSaving);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setThanked(false);
    setFailed(false);
    form.clear(key);
  };

  async function onSubmit() {
    if (saving) return;
    setSaving(true);
    try {
      const { saveContactMessage } = await loadSaving();
      const result = await saveContactMessage(values);
      if (!result.saved) {
        form.show(result.errors);
        return;
      }
      setValues(blank());
      form.reset();
      setThanked(true);
      statusRef.current?.focus();
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form className="form" onSubmit={onSubmit} aria-label={t('contact.form.name')}>
      <div ref={statusRef} role="status" tabIndex={-1} className="form__status">
        {thanked ? (
          <p className="form-notice form-notice--success">
            <strong>{t('contact.form.thanks')}</strong> {t('contact.form.thanksOffline')}
          </p>
        ) : null}
      </div>
      <div className="form__columns">
        <FormField label={t('field.name')} {...form.field('name')}>
          {(control) => <input {...control} type="text" autoComplete="name" value={values.name} onChange={(e) => set('name', e.target.value)} />}
        </FormField>
        <FormField label={t('field.email')} {...form.field('email')}>
          {(control) => <input {...control} type="email" autoComplete="email" value={values.email} onChange={(e) => set('email', e.target.value)} />}
        </FormField>
        <FormField label={t('field.phone')} {...form.field('phone')}>
          {(control) => <input {...control} type="tel" autoComplete="tel" value={values.phone} onChange={(e) => set('phone', e.target.value)} />}
        </FormField>
        <FormField label={t('field.subject')} {...form.field('subject')}>
          {(control) => <input {...control} type="text" value={values.subject} onChange={(e) => set('subject', e.target.value)} />}
        </FormField>
      </div>
      <FormField label={t('field.message')} {...form.field('message')}>
        {(control) => <textarea {...control} rows={5} value={values.message} onChange={(e) => set('message', e.target.value)} />}
      </FormField>
      <fieldset className="form-choices">
        <legend>{t('contact.form.method')}</legend>
        {CONTACT_METHODS.map((method) => (
          <label key={method}>
            <input
              type="radio"
              name={methodName}
              value={method}
              checked={values.contactMethod === method}
              onChange={() => set('contactMethod', method)}
            />
            {t(`contact.form.method.${method}`)}
          </label>
        ))}
      </fieldset>
      {failed ? (
        <p className="form-notice form-notice--error" role="alert">
          {t('contact.form.failed')}
        </p>
      ) : null}
      <SubmitButton busy={saving} className="form__submit">
        {saving ? t('contact.form.sending') : t('contact.form.send')}
      </SubmitButton>
    </Form>
  );
}
