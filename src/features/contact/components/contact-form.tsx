import { CONTACT_METHODS, CONTACT_THANK_YOU, contactMessageSchema, type ContactMethod } from '@domain/contact';
import { fieldErrorsOf, type FieldErrors } from '@domain/validation';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { enqueueContactMessage } from '@/lib/outbox/outbox';
import { syncEngine } from '@/lib/outbox/sync-runtime';
import './contact-form.css';

type Values = { name: string; email: string; phone: string; subject: string; message: string; contactMethod: ContactMethod };
const ORDER = ['name', 'email', 'phone', 'subject', 'message'] as const;

/** The contact page's message form. Messages go through the outbox, so they survive going offline. */
export function ContactForm() {
  const [params] = useSearchParams();
  const blank = (): Values => ({
    name: '',
    email: '',
    phone: '',
    subject: params.get('subject')?.slice(0, 150) ?? '',
    message: '',
    contactMethod: 'Email',
  });
  const [values, setValues] = useState<Values>(blank);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [thanked, setThanked] = useState(false);
  const [failed, setFailed] = useState(false);
  const statusRef = useRef<HTMLDivElement>(null);
  const prefix = useId();
  const ids = (field: string) => ({ input: `${prefix}-${field}`, error: `${prefix}-${field}-error` });

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setThanked(false);
    setFailed(false);
    if (errors[key]) setErrors(({ [key]: _removed, ...rest }) => rest);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const parsed = contactMessageSchema.safeParse({ id: crypto.randomUUID(), ...values });
    if (!parsed.success) {
      const found = fieldErrorsOf(parsed.error);
      setErrors(found);
      const first = ORDER.find((field) => field in found);
      if (first) document.getElementById(ids(first).input)?.focus();
      return;
    }
    setSaving(true);
    try {
      await enqueueContactMessage(parsed.data);
      void syncEngine().sync();
      setValues(blank());
      setErrors({});
      setThanked(true);
      statusRef.current?.focus();
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  }

  const fieldProps = (field: string) => ({
    id: ids(field).input,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? ids(field).error : undefined,
  });
  const errorOf = (field: string) =>
    errors[field] ? (
      <p id={ids(field).error} className="contact-form__error">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form className="contact-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Send us a message">
      <div ref={statusRef} role="status" tabIndex={-1} className="contact-form__status">
        {thanked ? (
          <p className="contact-form__thanks">
            <strong>{CONTACT_THANK_YOU}</strong> If you are offline it is kept on this device and sent automatically.
          </p>
        ) : null}
      </div>
      <div className="contact-form__grid">
        <div className="contact-form__field">
          <label htmlFor={ids('name').input}>Name</label>
          <input {...fieldProps('name')} type="text" autoComplete="name" value={values.name} onChange={(e) => set('name', e.target.value)} />
          {errorOf('name')}
        </div>
        <div className="contact-form__field">
          <label htmlFor={ids('email').input}>Email</label>
          <input {...fieldProps('email')} type="email" autoComplete="email" value={values.email} onChange={(e) => set('email', e.target.value)} />
          {errorOf('email')}
        </div>
        <div className="contact-form__field">
          <label htmlFor={ids('phone').input}>Phone</label>
          <input {...fieldProps('phone')} type="tel" autoComplete="tel" value={values.phone} onChange={(e) => set('phone', e.target.value)} />
          {errorOf('phone')}
        </div>
        <div className="contact-form__field">
          <label htmlFor={ids('subject').input}>Subject</label>
          <input {...fieldProps('subject')} type="text" value={values.subject} onChange={(e) => set('subject', e.target.value)} />
          {errorOf('subject')}
        </div>
      </div>
      <div className="contact-form__field">
        <label htmlFor={ids('message').input}>Message</label>
        <textarea {...fieldProps('message')} rows={5} value={values.message} onChange={(e) => set('message', e.target.value)} />
        {errorOf('message')}
      </div>
      <fieldset className="contact-form__methods">
        <legend>Preferred contact method</legend>
        {CONTACT_METHODS.map((method) => (
          <label key={method}>
            <input
              type="radio"
              name={`${prefix}-method`}
              value={method}
              checked={values.contactMethod === method}
              onChange={() => set('contactMethod', method)}
            />
            {method}
          </label>
        ))}
      </fieldset>
      {failed ? (
        <p className="contact-form__error" role="alert">
          Your message could not be saved on this device. Please try again.
        </p>
      ) : null}
      <button type="submit" className="button button--primary contact-form__submit" disabled={saving}>
        {saving ? 'Sending…' : 'Send Message'}
      </button>
    </form>
  );
}
