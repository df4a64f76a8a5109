import { familyConsentSchema } from '@domain/consent';
import { PRIVACY_NOTICE } from '@domain/season';
import { useState } from 'react';
import { Form, SubmitButton } from '@/components/form/form';
import { useFieldErrors } from '@/components/form/use-field-errors';
import { FormOutcome } from '@/components/form/problem-notice';
import { ConsentFields } from '@/components/registration/consent-fields';
import { useT } from '@/lib/i18n/use-t';
import type { FamilyRegistrationAnswer } from '../api/family-keys';
import { useGiveConsent } from '../api/give-consent';
import { failureText, formatDateTime } from '../utils/format';
import { AppLink } from '@/components/app-link';
import { FamilySection } from './family-section';

type Props = { token: string; consent: FamilyRegistrationAnswer['consent']; consentNeeded: FamilyRegistrationAnswer['consentNeeded'] };

/** The parent's recorded consent, and the form that asks for it again when the privacy notice changed. */
export function ConsentSection({ token, consent, consentNeeded }: Props) {
  const { t, to, lang } = useT();
  return (
    <FamilySection headingId="consent-heading" title={t('family.consent.title')}>
      {consent ? (
        <p>
          {t('family.consent.given', { name: consent.guardianName, version: consent.noticeVersion })}{' '}
          <AppLink to={to('/privacy')} target="_blank">
            {t('family.consent.notice')}
          </AppLink>{' '}
          {t('family.consent.on', { when: formatDateTime(consent.consentedAt, lang) })}
        </p>
      ) : null}
      {consentNeeded ? <ConsentForm token={token} hadConsent={!!consent} /> : null}
    </FamilySection>
  );
}

function ConsentForm({ token, hadConsent }: { token: string; hadConsent: boolean }) {
  const [guardianName, setGuardianName] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const form = useFieldErrors();
  const give = useGiveConsent(token);
  const { t, lang } = useT();

  async function onSubmit() {
    setFailed(null);
    const input = { guardianName, privacyConsent: agreed as true, privacyNoticeVersion: PRIVACY_NOTICE.version, language: lang };
    if (!form.check(familyConsentSchema, input)) return;
    try {
      await give.mutateAsync(input);
    } catch (error) {
      if (!form.showRefusal(error)) setFailed(failureText(error, t('family.consent.failed'), lang));
    }
  }

  return (
    <Form className="form form--card" onSubmit={onSubmit} aria-labelledby="consent-form-heading">
      <h3 id="consent-form-heading">{hadConsent ? t('family.consent.changed') : t('family.consent.needed')}</h3>
      <p>{hadConsent ? t('family.consent.changedText') : t('family.consent.neededText')}</p>
      <ConsentFields
        value={{ guardianName, privacyConsent: agreed }}
        onGuardianName={(name) => {
          setGuardianName(name);
          form.clear('guardianName');
        }}
        onConsent={(given) => {
          setAgreed(given);
          form.clear('privacyConsent');
        }}
        field={form.field}
      />
      <FormOutcome kind="error" message={failed} />
      <SubmitButton busy={give.isPending}>{give.isPending ? t('family.consent.sending') : t('family.consent.give')}</SubmitButton>
    </Form>
  );
}
