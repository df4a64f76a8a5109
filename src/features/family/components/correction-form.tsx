import { registrationUpdateSchema, type RegistrationUpdateInput } from '@domain/registration';
import { useState } from 'react';
import { Form, SubmitButton } from '@/components/form/form';
import { useFieldErrors } from '@/components/form/use-field-errors';
import { FormOutcome } from '@/components/form/problem-notice';
import { detailsOf, draftOf, RegistrationFields, type DraftChange, type RegistrationDraft } from '@/components/registration/registration-fields';
import { ApiRequestError } from '@/lib/api-client';
import { useT } from '@/lib/i18n/use-t';
import { useCorrectRegistration } from '../api/correct-registration';
import type { FamilyRegistration } from '../api/family-keys';
import { failureText } from '../utils/format';

/** Correcting a registration: the same schema and rules as the form and the admin's edit (domain/registration.ts). */
export function CorrectionForm({ token, registration, onDone }: { token: string; registration: FamilyRegistration; onDone: (saved: boolean) => void }) {
  const { t, lang } = useT();
  const [values, setValues] = useState<RegistrationDraft>(() => draftOf(registration));
  const [version, setVersion] = useState(registration.version);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useFieldErrors();
  const correct = useCorrectRegistration(token);
  const set: DraftChange = (key, value) => {
    setValues((current) => ({ ...current, [key]: value }));
    form.clear(key);
  };

  async function onSubmit() {
    setNotice(null);
    const input: RegistrationUpdateInput = { ...detailsOf(registration.type, values), version };
    if (!form.check(registrationUpdateSchema, input)) return;
    try {
      await correct.mutateAsync(input);
      onDone(true);
    } catch (error) {
      if (form.showRefusal(error)) return;
      if (error instanceof ApiRequestError && error.status === 409) {
        const current = error.body?.error.current as FamilyRegistration | undefined;
        if (current && typeof current === 'object' && 'version' in current) {
          setValues(draftOf(current));
          setVersion(current.version);
          setNotice(t('family.correct.conflict'));
        } else setNotice(failureText(error, t('family.correct.failed'), lang));
      } else if (error instanceof ApiRequestError && error.body) setNotice(failureText(error, t('family.correct.failed'), lang));
      else setNotice(t('family.correct.offline'));
    }
  }

  return (
    <Form className="form form--card family-correction" onSubmit={onSubmit} aria-labelledby="correct-heading">
      <h3 id="correct-heading">{t('family.correct.title')}</h3>
      <RegistrationFields type={registration.type} draft={values} onChange={set} field={form.field} />
      <FormOutcome kind="error" message={notice} />
      <div className="family-actions">
        <SubmitButton busy={correct.isPending}>{correct.isPending ? t('family.correct.saving') : t('family.correct.save')}</SubmitButton>
        <button type="button" className="button" onClick={() => onDone(false)}>
          {t('family.correct.cancel')}
        </button>
      </div>
    </Form>
  );
}
