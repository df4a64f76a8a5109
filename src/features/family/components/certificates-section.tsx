import { useState, type FormEvent } from 'react';
import { awardLabel, verifyPath, type Award, type ResultsName } from '@domain/certificates';
import { useT } from '@/lib/i18n/use-t';
import { useDownloadCertificate } from '../api/download-certificate';
import { useFamilyResults, type FamilyCertificate } from '../api/get-family-results';
import { useSetResultsName } from '../api/set-results-name';
import { categoryMessage } from '../utils/format';
import { FamilySection } from './family-section';

/**
 * The child's certificates (issue 25): one per contest, in the family's language, downloaded as
 * a PDF, each with a link to its verification page. Shown once the organisers have issued them.
 */
export function CertificatesSection({ token }: { token: string }) {
  const { t } = useT();
  const query = useFamilyResults(token);
  const certificates = query.data?.certificates ?? [];
  if (certificates.length === 0) return null;
  return (
    <FamilySection headingId="certificates-heading" className="family-certificates" title={t('family.certificates.title')}>
      <p>{t('family.certificates.lead')}</p>
      <ul className="family-certificates__list">
        {certificates.map((certificate) => (
          <CertificateLine key={certificate.id} token={token} certificate={certificate} />
        ))}
      </ul>
    </FamilySection>
  );
}

function CertificateLine({ token, certificate }: { token: string; certificate: FamilyCertificate }) {
  const { t, lang } = useT();
  const download = useDownloadCertificate(token);
  const message = categoryMessage(certificate.category);
  const contest = message ? t(message) : certificate.category;
  return (
    <li>
      <p>{t('family.certificates.line', { contest, award: awardLabel(certificate.award as Award, lang) })}</p>
      {certificate.revokedAt ? (
        <p>{certificate.replacedBy ? t('family.certificates.replaced') : t('family.certificates.revoked')}</p>
      ) : (
        <p className="family-certificates__actions">
          <button type="button" className="button" disabled={download.isPending} onClick={() => download.mutate(certificate.id)}>
            {download.isPending ? t('family.certificates.downloading') : t('family.certificates.download')}
          </button>
          {/* A page the server writes (issue 49): a plain link, followed by the browser. */}
          <a href={verifyPath(certificate.id, lang)}>{t('family.certificates.verify')}</a>
        </p>
      )}
      {download.isError ? (
        <p className="form-notice form-notice--error" role="alert">
          {t('family.certificates.failed')}
        </p>
      ) : null}
    </li>
  );
}

/** How the child appears on the public results pages; the pages change as soon as this is saved. */
export function PublicResultsSection({ token }: { token: string }) {
  const { t, lang } = useT();
  const query = useFamilyResults(token);
  const save = useSetResultsName(token);
  const current = query.data?.resultsName;
  const [choice, setChoice] = useState<ResultsName | null>(null);
  if (!current) return null;
  const chosen = choice ?? current;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(chosen);
  };
  return (
    <FamilySection headingId="public-results-heading" className="family-public-results" title={t('family.publicResults.title')}>
      <p>{t('family.publicResults.lead')}</p>
      <form onSubmit={submit}>
        <fieldset className="form-choices">
          <legend>{t('family.publicResults.legend')}</legend>
          {(['initial', 'code'] as const).map((value) => (
            <label key={value} className="choice">
              <input
                type="radio"
                name="results-name"
                value={value}
                checked={chosen === value}
                onChange={() => {
                  setChoice(value);
                  save.reset();
                }}
              />
              {t(value === 'initial' ? 'family.publicResults.initial' : 'family.publicResults.code')}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? t('family.publicResults.saving') : t('family.publicResults.save')}
        </button>
      </form>
      {save.isSuccess ? <p role="status">{t('family.publicResults.saved')}</p> : null}
      {save.isError ? (
        <p className="form-notice form-notice--error" role="alert">
          {t('family.publicResults.failed')}
        </p>
      ) : null}
      <p>
        <a href={lang === 'ta' ? '/ta/results' : '/results'}>{t('family.publicResults.link')}</a>
      </p>
    </FamilySection>
  );
}
