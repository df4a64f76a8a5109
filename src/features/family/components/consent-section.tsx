import { familyConsentSchema } from '@domain/consent';
import { PRIVACY_NOTICE } from '@domain/season';
import { fieldErrorsOf } from '@domain/validation';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Form, SubmitButton } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { useFieldErrors } from '@/components/form/use-field-errors';
import { ApiRequestError } from '@/lib/api-client';
import type { FamilyRegistrationAnswer } from '../api/family-keys';
import { useGiveConsent } from '../api/give-consent';
import { formatDateTime } from '../utils/format';

type Props = { token: string; consent: FamilyRegistrationAnswer['consent']; consentNeeded: FamilyRegistrationAnswer['consentNeeded'] };

/** The parent's recorded consent, and the form that asks for it again when the privacy notice changed. */
export function ConsentSection({ token, consent, consentNeeded }: Props) {
  return (
    <section className="family-section" aria-labelledby="consent-heading">
      <h2 id="consent-heading">Parental consent</h2>
      {consent ? (
        <p>
          {consent.guardianName} gave consent to version {consent.noticeVersion} of the{' '}
          <Link to="/privacy" target="_blank">
            privacy notice
          </Link>{' '}
          on {formatDateTime(consent.consentedAt)}.
        </p>
      ) : null}
      {consentNeeded ? <ConsentForm token={token} hadConsent={!!consent} /> : null}
    </section>
  );
}

function ConsentForm({ token, hadConsent }: { token: string; hadConsent: boolean }) {
  const [guardianName, setGuardianName] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const form = useFieldErrors();
  const give = useGiveConsent(token);

  async function onSubmit() {
    setFailed(null);
    const input = { guardianName, privacyConsent: agreed as true, privacyNoticeVersion: PRIVACY_NOTICE.version, language: 'en' as const };
    const parsed = familyConsentSchema.safeParse(input);
    if (!parsed.success) {
      form.show(fieldErrorsOf(parsed.error));
      return;
    }
    try {
      await give.mutateAsync(input);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 422) form.show(error.fields);
      else setFailed(error instanceof ApiRequestError && error.body ? error.message : 'Your consent could not be sent. Please try again.');
    }
  }

  return (
    <Form className="form form--card" onSubmit={onSubmit} aria-labelledby="consent-form-heading">
      <h3 id="consent-form-heading">{hadConsent ? 'Our privacy notice has changed' : 'We need a parent’s consent'}</h3>
      <p>
        {hadConsent
          ? 'Please read the new privacy notice and give your consent again, so we can keep your child’s registration.'
          : 'A parent or guardian must agree to our privacy notice before we process a child’s details.'}
      </p>
      <FormField label="Parent or guardian’s name" {...form.field('guardianName')}>
        {(control) => (
          <input
            {...control}
            type="text"
            autoComplete="name"
            value={guardianName}
            onChange={(e) => {
              setGuardianName(e.target.value);
              form.clear('guardianName');
            }}
          />
        )}
      </FormField>
      <FormField
        layout="check"
        label={
          <>
            I am the child’s parent or guardian and I agree to the{' '}
            <Link to="/privacy" target="_blank">
              privacy notice
            </Link>{' '}
            (version {PRIVACY_NOTICE.version})
          </>
        }
        {...form.field('privacyConsent')}
      >
        {(control) => (
          <input
            {...control}
            type="checkbox"
            checked={agreed}
            onChange={(e) => {
              setAgreed(e.target.checked);
              form.clear('privacyConsent');
            }}
          />
        )}
      </FormField>
      <div role="alert" className="form__status">
        {failed ? <p className="form-notice form-notice--error">{failed}</p> : null}
      </div>
      <SubmitButton busy={give.isPending}>{give.isPending ? 'Sending…' : 'Give consent'}</SubmitButton>
    </Form>
  );
}
