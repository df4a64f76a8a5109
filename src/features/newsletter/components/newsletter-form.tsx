import { useId, useState, type FormEvent } from 'react';
import './newsletter-form.css';

type Notice = { tone: 'ok' | 'error'; text: string } | null;

/** The footer's newsletter sign-up. Subscribing twice from this device is fine, and it says so. */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const [saving, setSaving] = useState(false);
  const inputId = useId();
  const noticeId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setNotice(null);
    try {
      const { subscribe, waitForAnswer } = await import('../utils/subscribe');
      const result = await subscribe(email);
      if (result.kind === 'invalid') {
        setNotice({ tone: 'error', text: result.message });
        return;
      }
      setEmail('');
      if (result.kind === 'already') {
        setNotice({ tone: 'ok', text: 'You are already subscribed. Nothing more to do!' });
        return;
      }
      setNotice({ tone: 'ok', text: 'Thanks! You are on the list.' });
      // The server never says whether the address was on the list before: that would tell anyone
      // typing an address whether its owner subscribed. On the list it is, either way.
      const answered = await waitForAnswer(result.id, 4000);
      if (answered?.status !== 'synced') {
        setNotice({ tone: 'ok', text: 'Thanks! Saved on this device; you will be subscribed as soon as you are online.' });
      }
    } catch {
      setNotice({ tone: 'error', text: 'That did not work. Please try again.' });
    } finally {
      setSaving(false);
    }
  }

  const invalid = notice?.tone === 'error';
  return (
    <form className="newsletter-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <label htmlFor={inputId} className="newsletter-form__label">
        Your email
      </label>
      <div className="newsletter-form__row">
        <input
          id={inputId}
          type="email"
          autoComplete="email"
          placeholder="Enter your email"
          value={email}
          aria-invalid={invalid || undefined}
          aria-describedby={notice ? noticeId : undefined}
          onChange={(event) => {
            setEmail(event.target.value);
            if (invalid) setNotice(null);
          }}
        />
        <button type="submit" className="button button--primary" disabled={saving}>
          Subscribe
        </button>
      </div>
      <p id={noticeId} role="status" className={`newsletter-form__notice${invalid ? ' is-error' : ''}`}>
        {notice?.text ?? ''}
      </p>
    </form>
  );
}
