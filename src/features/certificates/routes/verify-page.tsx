import { useId, useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { awardLabel, CERTIFICATE_ID } from '@domain/certificates';
import { SEASON } from '@domain/season';
import { ApiRequestError } from '@/lib/api-client';
import { formatDay, formatDayOf } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/use-t';
import { QueryProvider } from '@/lib/query-client';
import { useCheckCertificateFile } from '../api/check-certificate-file';
import { useVerification, type Verification } from '../api/get-verification';
import '../certificates.css';
import { AppLink } from '@/components/app-link';

/**
 * /verify/<id> (issue 25): where a certificate's QR code leads. Anyone (a school, a parent) sees
 * what the certificate says, without contact details, and whether it is valid, revoked or not
 * ours; and can check that a PDF they were given is exactly the one we issued.
 */
export function VerifyPage() {
  const { id = '' } = useParams();
  const normalised = id.trim().toLowerCase();
  return (
    <QueryProvider>
      <section className="page page--narrow verify-page" aria-labelledby="verify-heading">
        {CERTIFICATE_ID.test(normalised) ? <VerificationView id={normalised} /> : <NotOurs id={id} />}
      </section>
    </QueryProvider>
  );
}

function NotOurs({ id }: { id: string }) {
  const { t } = useT();
  return (
    <>
      <h1 id="verify-heading">{t('verify.title')}</h1>
      <p className="verify-status verify-status--bad" role="status">
        <strong>{t('verify.notValid')}</strong> {t('verify.unknown', { id: id.slice(0, 40) })}
      </p>
    </>
  );
}

function VerificationView({ id }: { id: string }) {
  const { t } = useT();
  const query = useVerification(id);
  if (query.isPending) {
    return (
      <>
        <h1 id="verify-heading">{t('verify.title')}</h1>
        <p role="status">{t('verify.loading')}</p>
      </>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiRequestError && query.error.status === 404) return <NotOurs id={id} />;
    return (
      <>
        <h1 id="verify-heading">{t('verify.title')}</h1>
        <p className="form-notice form-notice--error" role="alert">
          {query.error instanceof ApiRequestError && query.error.status === 429 ? query.error.message : t('verify.failed')}
        </p>
      </>
    );
  }
  return (
    <>
      <h1 id="verify-heading">{t('verify.title')}</h1>
      <Status verification={query.data} />
      <Statement verification={query.data} />
      <CheckFile id={id} />
      <p className="verify-technical">
        {t('verify.technical')} <a href="/.well-known/jwks.json">{t('verify.keys')}</a>
      </p>
    </>
  );
}

function Status({ verification }: { verification: Verification }) {
  const { t, lang } = useT();
  if (verification.status === 'valid') {
    return (
      <p className="verify-status verify-status--good" role="status">
        <strong>{t('verify.valid')}</strong> {t('verify.validDetail', { season: SEASON.name })}
      </p>
    );
  }
  if (verification.status === 'revoked') {
    return (
      <div className="verify-status verify-status--bad" role="status">
        <p>
          <strong>{t('verify.notValid')}</strong>{' '}
          {t('verify.revoked', { date: verification.revokedAt ? formatDayOf(verification.revokedAt, lang) : '', reason: verification.revokedReason ?? '' })}
        </p>
        {verification.replacedBy ? (
          <p>
            <AppLink to={`${lang === 'ta' ? '/ta' : ''}/verify/${verification.replacedBy}`}>{t('verify.replacement')}</AppLink>
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <p className="verify-status verify-status--bad" role="status">
      <strong>{t('verify.notValid')}</strong> {t('verify.tampered')}
    </p>
  );
}

function Statement({ verification }: { verification: Verification }) {
  const { t, lang } = useT();
  const s = verification.statement;
  return (
    <section aria-labelledby="statement-heading" className="verify-statement">
      <h2 id="statement-heading">{t('verify.says')}</h2>
      <dl>
        <dt>{t('verify.child')}</dt>
        <dd lang={s.language}>{s.childName}</dd>
        <dt>{t('verify.award')}</dt>
        <dd>{awardLabel(s.award, lang)}</dd>
        <dt>{t('verify.contest')}</dt>
        <dd lang={s.language}>
          {s.contest}, {s.ageBand}
        </dd>
        <dt>{t('verify.level')}</dt>
        <dd>{t('verify.levelNumber', { level: s.level })}</dd>
        <dt>{t('verify.season')}</dt>
        <dd>{s.season}</dd>
        <dt>{t('verify.issuedOn')}</dt>
        <dd>{formatDay(s.issuedOn, lang)}</dd>
        <dt>{t('verify.id')}</dt>
        <dd>
          <code>{verification.id}</code>
        </dd>
      </dl>
    </section>
  );
}

function CheckFile({ id }: { id: string }) {
  const { t } = useT();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const check = useCheckCertificateFile(id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setMissing(true);
      return;
    }
    setMissing(false);
    check.mutate(file);
  };
  return (
    <section aria-labelledby="check-heading" className="verify-check">
      <h2 id="check-heading">{t('verify.checkTitle')}</h2>
      <p>{t('verify.checkLead')}</p>
      <form onSubmit={submit} noValidate>
        <label htmlFor={inputId}>{t('verify.checkFile')}</label>
        <input
          id={inputId}
          type="file"
          accept="application/pdf,.pdf"
          aria-invalid={missing || undefined}
          aria-describedby={missing ? `${inputId}-error` : undefined}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            check.reset();
          }}
        />
        {missing ? (
          <p id={`${inputId}-error`} className="form-notice form-notice--error">
            {t('verify.checkMissing')}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={check.isPending}>
          {check.isPending ? t('verify.checking') : t('verify.checkButton')}
        </button>
      </form>
      {check.isSuccess ? (
        <p className={`verify-status ${check.data.matches && check.data.status === 'valid' ? 'verify-status--good' : 'verify-status--bad'}`} role="status">
          {check.data.matches ? (
            check.data.status === 'valid' ? (
              <>
                <strong>{t('verify.valid')}</strong> {t('verify.fileMatches')}
              </>
            ) : (
              <>
                <strong>{t('verify.notValid')}</strong> {t('verify.fileMatchesRevoked')}
              </>
            )
          ) : (
            <>
              <strong>{t('verify.notValid')}</strong> {t('verify.fileDiffers')}
            </>
          )}
        </p>
      ) : null}
      {check.isError ? (
        <p className="form-notice form-notice--error" role="alert">
          {check.error instanceof ApiRequestError && check.error.body ? check.error.message : t('verify.failed')}
        </p>
      ) : null}
    </section>
  );
}
