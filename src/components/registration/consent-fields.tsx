import type { ReactNode } from 'react';
import { FormField } from '@/components/form/form-field';
import { useT } from '@/lib/i18n/use-t';
import { AppLink } from '@/components/app-link';

export type ConsentDraft = { guardianName: string; privacyConsent: boolean };

type Props = {
  value: ConsentDraft;
  /** `privacyConsent` changes with the moment it was given (or null when the box is cleared). */
  onGuardianName: (name: string) => void;
  onConsent: (given: boolean, at: string | null) => void;
  field: (name: string) => { id: string; error?: string | undefined };
  /** Above the fields, e.g. the notice that changed. */
  intro?: ReactNode;
};

/**
 * The one consent block (docs/api.md, "Language and consent"): the parent's or guardian's name
 * and the box that agrees to the privacy notice, in the registration, the walk-in and the
 * family's page when the notice changed. The same words everywhere.
 */
export function ConsentFields({ value, onGuardianName, onConsent, field, intro }: Props) {
  const { t } = useT();
  return (
    <fieldset className="consent-fields">
      <legend>{t('form.consent.legend')}</legend>
      {intro}
      <FormField label={t('form.guardianName')} hint={t('form.guardianName.hint')} {...field('guardianName')}>
        {(control) => (
          <input {...control} type="text" name="guardianName" autoComplete="name" value={value.guardianName} onChange={(e) => onGuardianName(e.target.value)} />
        )}
      </FormField>
      <FormField
        layout="check"
        label={<AgreementLabel before={t('form.consentBefore')} page="/privacy" link={t('form.privacyNotice')} after={t('form.consentAfter')} />}
        {...field('privacyConsent')}
      >
        {(control) => (
          <input
            {...control}
            type="checkbox"
            name="privacyConsent"
            checked={value.privacyConsent}
            onChange={(e) => onConsent(e.target.checked, e.target.checked ? new Date().toISOString() : null)}
          />
        )}
      </FormField>
    </fieldset>
  );
}

/**
 * The label of a box that agrees to one of our pages (the privacy notice, the terms): the words
 * around a link to the page, which opens in a new tab so the form keeps what was typed.
 */
export function AgreementLabel({ before, page, link, after }: { before: string; page: string; link: string; after: string }) {
  const { to } = useT();
  return (
    <>
      {before}{' '}
      <AppLink to={to(page)} target="_blank">
        {link}
      </AppLink>
      {after}
    </>
  );
}
