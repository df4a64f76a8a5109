import { findRegistrationSchema } from '@domain/family-lookup';
import { fieldErrorsOf } from '@domain/validation';
import { useState } from 'react';
import { Form, needsJavaScriptFor, SubmitButton } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { useFieldErrors } from '@/components/form/use-field-errors';
import { CONTACT } from '@/config/season';
import { ApiRequestError } from '@/lib/api-client';
import { QueryProvider } from '@/lib/query-client';
import { useFindRegistration } from '../api/find-registration';
import '../family.css';

/** /find-my-registration: the private link emailed again. The answer never says whether anything matched. */
export function FindRegistrationPage() {
  return (
    <section className="page page--narrow family-find-page" aria-labelledby="find-heading">
      <h1 id="find-heading">Find my registration</h1>
      <p>
        Lost the confirmation email, or want a fresh private link? Enter the reference code from the registration and the email address or phone
        number you registered with. If they match, we email the link to view, correct or cancel the registration to the address you registered
        with.
      </p>
      <QueryProvider>
        <FindForm />
      </QueryProvider>
      <p className="family-muted family-find">
        No email and no code? Call us on {CONTACT.phone} or write to {CONTACT.email}.
      </p>
    </section>
  );
}

function FindForm() {
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
    const parsed = findRegistrationSchema.safeParse(input);
    if (!parsed.success) {
      form.show(fieldErrorsOf(parsed.error));
      return;
    }
    try {
      const result = await find.mutateAsync(input);
      setAnswer(result.message);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 429) {
        setFailure('Too many tries for now. Please try again later (in about 15 minutes).');
      } else if (error instanceof ApiRequestError && error.status === 422) form.show(error.fields);
      else setFailure('The request could not be sent: the server could not be reached. Check your connection and try again.');
    }
  }

  return (
    <Form className="form form--card" onSubmit={onSubmit} aria-labelledby="find-heading" needsJavaScript={needsJavaScriptFor('Finding a registration')}>
      <FormField label="Reference code" hint="Like KTC-7F3K-9QX2, from the registration screen or the email." {...form.field('referenceCode')}>
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
      <FormField label="Email or phone" hint="The one you registered with." {...form.field('contact')}>
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
      <div role="status" className="form__status">
        {answer ? <p className="form-notice form-notice--success">{answer}</p> : null}
      </div>
      <div role="alert" className="form__status">
        {failure ? <p className="form-notice form-notice--error">{failure}</p> : null}
      </div>
      <SubmitButton busy={find.isPending}>{find.isPending ? 'Sending…' : 'Email me the link'}</SubmitButton>
    </Form>
  );
}
