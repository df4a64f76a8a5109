import { useState } from 'react';
import { Form, SubmitButton } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { useFieldErrors } from '@/components/form/use-field-errors';
import { ApiRequestError } from '@/lib/api-client';
import { useT } from '@/lib/i18n/use-t';
import { acceptInvite } from '../api/accept-invite';
import '@/components/form/sign-in-form.css';
import { FormOutcome } from '@/components/form/problem-notice';
import '../judging.css';
import { AppLink } from '@/components/app-link';

/**
 * /judge/welcome#<token> (and /ta/judge/welcome): an invited judge sets their password. The token is in the address's
 * fragment, which browsers never send to a server (nor in a Referer), and is used once.
 */
export function JudgeWelcomePage() {
  const { t, to } = useT();
  const [token] = useState(() => (typeof window === 'undefined' ? '' : window.location.hash.slice(1)));
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useFieldErrors();

  async function onSubmit() {
    setProblem(null);
    if (password !== again) return form.show({ again: t('judging.welcome.differ') });
    setBusy(true);
    try {
      setDone((await acceptInvite(token, password)).username);
    } catch (error) {
      if (error instanceof ApiRequestError && error.body?.error.fields?.password) form.show({ password: error.body.error.fields.password });
      else if (error instanceof ApiRequestError) setProblem(t('judging.welcome.refused', { reason: error.message }));
      else setProblem(t('judging.welcome.offline'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="page judging">
      <h1>{t('judging.welcome.title')}</h1>
      {done ? (
        <div className="sign-in-card">
          <p className="form-notice form-notice--success" role="status">
            {t('judging.welcome.done', { username: done })}
          </p>
          <AppLink className="button" to={to('/judge')}>
            {t('judging.welcome.go')}
          </AppLink>
        </div>
      ) : token.length < 20 ? (
        <p className="form-notice form-notice--error">{t('judging.welcome.incomplete')}</p>
      ) : (
        <section className="sign-in-card" aria-labelledby="welcome-heading">
          <h2 id="welcome-heading">{t('judging.welcome.heading')}</h2>
          <Form className="form" onSubmit={onSubmit}>
            <FormField label={t('judging.welcome.password')} hint={t('judging.welcome.passwordHint')} {...form.field('password')}>
              {(control) => <input {...control} type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />}
            </FormField>
            <FormField label={t('judging.welcome.again')} {...form.field('again')}>
              {(control) => <input {...control} type="password" autoComplete="new-password" value={again} onChange={(e) => setAgain(e.target.value)} />}
            </FormField>
            <FormOutcome kind="error" message={problem} />
            <SubmitButton busy={busy}>{busy ? t('judging.saving') : t('judging.welcome.submit')}</SubmitButton>
          </Form>
        </section>
      )}
    </div>
  );
}
