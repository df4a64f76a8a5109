import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { FAMILY_TOKEN_PATTERN } from '@domain/family-link';
import { ApiRequestError } from '@/lib/api-client';
import { QueryProvider } from '@/lib/query-client';
import { useFamilyRegistration } from '../api/get-family-registration';
import { CancelSection } from '../components/cancel-section';
import { ConsentSection } from '../components/consent-section';
import { CorrectionForm } from '../components/correction-form';
import { MyDataSection } from '../components/my-data-section';
import { RegistrationDetails } from '../components/registration-details';
import { formatDateTime, formatDay } from '../utils/format';
import '../family.css';

/**
 * /my/<token>: the family's private page (ADR 013). Rendered in the browser from the app shell
 * (noindex, no referrer: the token never leaves this page except in the Authorization header).
 */
export function FamilyPage() {
  const { token = '' } = useParams();
  return (
    <QueryProvider>
      <section className="page page--narrow family-page" aria-labelledby="family-heading">
        {FAMILY_TOKEN_PATTERN.test(token) ? <FamilyRegistrationView token={token} /> : <LinkProblem status={404} message={null} />}
      </section>
    </QueryProvider>
  );
}

function FamilyRegistrationView({ token }: { token: string }) {
  const query = useFamilyRegistration(token);
  const [correcting, setCorrecting] = useState(false);
  const [saved, setSaved] = useState(false);

  if (query.isPending) {
    return (
      <>
        <h1 id="family-heading">Your registration</h1>
        <p role="status">Loading your registration…</p>
      </>
    );
  }
  if (query.isError) {
    const error = query.error;
    if (error instanceof ApiRequestError && [401, 404, 410].includes(error.status)) {
      return <LinkProblem status={error.status} message={error.body?.error.message ?? null} />;
    }
    return (
      <>
        <h1 id="family-heading">Your registration</h1>
        <div className="form-notice form-notice--error" role="alert">
          <p>Your registration could not be loaded: the server could not be reached. Check your connection and try again.</p>
        </div>
        <button type="button" className="button" onClick={() => void query.refetch()}>
          Try again
        </button>
      </>
    );
  }

  const { registration: r, qrCode, consent, consentNeeded, corrections, erasureRequest } = query.data;
  const cancelled = r.status === 'cancelled';
  const label = r.name ?? r.instituteName ?? 'the participant';
  return (
    <>
      <h1 id="family-heading">Your registration</h1>
      <div className="family-summary">
        <div>
          <p className="family-summary__code">
            Reference code <strong>{r.referenceCode}</strong>
          </p>
          <p>
            Status:{' '}
            <strong className={`family-status family-status--${r.status}`}>
              {cancelled ? `Cancelled${r.cancelledBy === 'family' ? ' by you' : ''}` : 'Registered'}
            </strong>
            {cancelled && r.cancelledAt ? <> on {formatDateTime(r.cancelledAt)}</> : null}
          </p>
          <p className="family-muted">Show this code or the QR code at the venue. This page is private: do not share its link.</p>
        </div>
        <img className="family-summary__qr" src={qrCode} width={160} height={160} alt={`QR code of the reference code ${r.referenceCode}`} />
      </div>

      {consentNeeded || consent ? <ConsentSection token={token} consent={consent} consentNeeded={consentNeeded} /> : null}

      <section className="family-section" aria-labelledby="details-heading">
        <h2 id="details-heading">Your details</h2>
        <SavedNotice saved={saved} />
        {correcting ? (
          <CorrectionForm
            token={token}
            registration={r}
            onDone={(didSave) => {
              setCorrecting(false);
              setSaved(didSave);
            }}
          />
        ) : (
          <>
            <RegistrationDetails registration={r} />
            {cancelled ? null : corrections.open ? (
              <>
                <p className="family-muted">You can correct these details until {formatDay(corrections.closesAt)}.</p>
                <button
                  type="button"
                  className="button button--primary"
                  onClick={() => {
                    setSaved(false);
                    setCorrecting(true);
                  }}
                >
                  Correct details
                </button>
              </>
            ) : (
              <p className="form-notice form-notice--info">{corrections.closedMessage}</p>
            )}
          </>
        )}
      </section>

      {cancelled ? null : <CancelSection token={token} label={label} />}
      <MyDataSection token={token} erasureRequest={erasureRequest} />
    </>
  );
}

function SavedNotice({ saved }: { saved: boolean }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (saved) ref.current?.focus();
  }, [saved]);
  return (
    <div role="status">
      {saved ? (
        <p ref={ref} tabIndex={-1} className="form-notice form-notice--success">
          Your corrections are saved. The organisers see them now.
        </p>
      ) : null}
    </div>
  );
}

/** An expired, replaced, forged or mistyped link: say so kindly, and show the way to a new one. */
function LinkProblem({ status, message }: { status: number; message: string | null }) {
  return (
    <>
      <h1 id="family-heading">{status === 410 ? 'This link no longer works' : 'This link is not valid'}</h1>
      <p>
        {message ??
          'Check that you opened the whole link from the email, or ask for a new one with "Find my registration".'}
      </p>
      <p>
        <Link className="button button--primary" to="/find-my-registration">
          Find my registration
        </Link>
      </p>
      <p className="family-muted">
        Your registration is not affected: only the link has a problem. We email a fresh link to the address you registered with.
      </p>
    </>
  );
}
