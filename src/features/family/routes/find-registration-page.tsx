import { findRegistrationSchema } from '@domain/family-lookup';
import { useState } from 'react';
import { Form, SubmitButton } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { useFieldErrors } from '@/components/form/use-field-errors';
import { FormOutcome } from '@/components/form/problem-notice';
import { CONTACT } from '@/config/season';
import { ApiRequestError } from '@/lib/api-client';
import { useT } from '@/lib/i18n/use-t';
import { QueryProvider } from '@/lib/query-client';
import { useFindRegistration } from '../api/find-registration';
import '../family.css';

/** /find-my-registration: the private link emailed again. The answer never says whether anything matched. */
export function FindRegistrationPage() {
  const { t } = useT();
  return (
    <section className="page page--narrow family-find-page" aria-labelledby="find-heading">
      <h1 id="find-heading">{t('find.title')}</h1>
      <p>{t('find.intro')}</p>
      <QueryProvider>
        <FindForm />
      </QueryProvider>
      <p className="family-muted family-find">
        {t('find.noCode', { phone: CONTACT.phone, email: CONTACT.email })}
      </p>
    </section>
  );
}

function FindForm() {
  const { t } = useT();
  const [referenceCode, setReferenceCode] = useState('');
  const [contact, setContact] = useState('');
  const [answer, setAnswer] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useFieldErrors();
  const find = useFindRegistration();

  async function onSubmit() {
    setAnswer(null);
    setFailure(null);
    const input = { referenceCode, contact };
    if (!form.check(findRegistrationSchema, input)) return;
    try {
      const result = await find.mutateAsync(input);
      // The server's answer is the same whatever matched; it is shown in the page's language.
      if (result.message) setAnswer(t('find.answer'));
    } catch (error) {
      if (form.showRefusal(error)) return;
      setFailure(error instanceof ApiRequestError && error.status === 429 ? t('find.tooMany') : t('find.offline'));
    }
  }

  return (
    <Form className="form form--card" onSubmit={onSubmit} aria-labelledby="find-heading" needsJavaScript={t('noscript.form', { task: t('find.task'), phone: CONTACT.phone })}>
      <FormField label={t('find.code')} hint={t('find.codeHint')} {...form.field('referenceCode')}>
        {(control) => (
          <input
            {...control}
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={referenceCode}
            onChange={(e) => {
              setReferenceCode(e.target.value);
              form.clear('referenceCode');
            }}
          />
        )}
      </FormField>
      <FormField label={t('find.contact')} hint={t('find.contactHint')} {...form.field('contact')}>
        {(control) => (
          <input
            {...control}
            type="text"
            autoComplete="email"
            value={contact}
            onChange={(e) => {
              setContact(e.target.value);
              form.clear('contact');
            }}
          />
        )}
      </FormField>
      <FormOutcome kind="success" message={answer} />
      <FormOutcome kind="error" message={failure} />
      <SubmitButton busy={find.isPending}>{find.isPending ? t('find.sending') : t('find.send')}</SubmitButton>
    </Form>
  );
}
