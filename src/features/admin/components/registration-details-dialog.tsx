import { Dialog } from '@/components/dialog';
import { useRegistration, type RegistrationEmail } from '../api/get-registration';
import { useResendConfirmation } from '../api/resend-confirmation';
import { formatDateTime } from '../utils/format';
import { PaymentPanel } from './payment-panel';
import { plural } from '@domain/plural';

const STATUS_LABELS: Record<RegistrationEmail['status'], string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  skipped: 'Skipped',
};

const TEMPLATE_LABELS: Record<RegistrationEmail['template'], string> = {
  confirmation: 'Confirmation',
  'family-link': 'Private link again',
  'judge-decision': 'Judge decision',
  'retention-notice': 'Notice before erasure',
  receipt: 'Receipt',
  'judge-invite': 'Judge invitation',
  'round-result': 'Round result',
  'payment-reminder': 'Payment reminder',
  'payment-withdrawn': 'Payment withdrawn',
  'session-result': 'Result at the venue',
  'place-invitation': 'Place at a later level',
  'judge-reminder': 'Judge’s scoring reminder',
};

const REASON_LABELS: Record<RegistrationEmail['reason'], string> = {
  registered: 'on registration',
  'admin-resend': 'resent by an admin',
  'family-request': 'asked for by the family',
  'judge-decision': 'a judge decision',
  retention: 'the season’s retention date',
  payment: 'for a payment',
  'reminder-after-registering': '3 days after registering, unpaid',
  'judge-invite': 'Judge invited',
  'round-published': 'Results published',
  'reminder-before-deadline': '2 days before registrations close',
  'reminder-after-deadline': 'after registrations closed, unpaid',
  'import-undone': 'a statement import undone',
  'session-published': 'Venue session published',
  'place-invited': 'Invited to the semi-finals or the finale',
  'place-changed': 'Session or slot changed',
  'place-reminder': 'Reminder to answer the invitation',
  'scoring-3-days': '3 days before scoring closes',
  'scoring-1-day': '1 day before scoring closes',
};

/** One registration's emails (with a failure's reason), its consent record, its payment and erasure requests; Resend. */
export function RegistrationDetailsDialog({ id, label, onClose }: { id: string; label: string; onClose: () => void }) {
  const query = useRegistration(id);
  const resend = useResendConfirmation(id);
  const data = query.data;
  return (
    <Dialog
      title={`Registration of ${label}`}
      onClose={onClose}
      footer={
        <div className="admin-actions">
          <button type="button" className="button button--small button--primary" disabled={resend.isPending || !data || !!data.registration.deletedAt} onClick={() => resend.mutate()}>
            {resend.isPending ? 'Queuing…' : 'Resend confirmation'}
          </button>
          <span role="status" className="admin-muted">
            {resend.isSuccess ? 'Confirmation queued: it goes out within a minute, with a new private link.' : ''}
          </span>
          {resend.isError ? (
            <span role="alert" className="admin-error">
              Could not queue the email. Try again.
            </span>
          ) : null}
        </div>
      }
    >
      {query.isPending ? <p>Loading…</p> : null}
      {query.isError ? <p role="alert">Could not load this registration. Close and try again.</p> : null}
      {data ? (
        <div className="admin-detail">
          <p>
            Reference code <strong>{data.registration.referenceCode}</strong>
            {data.registration.cancelledAt ? (
              <>
                {' '}
                · <span className="admin-badge admin-badge--cancelled">Cancelled by {data.registration.cancelledBy === 'family' ? 'the family' : 'an admin'}</span>{' '}
                on {formatDateTime(data.registration.cancelledAt)}
              </>
            ) : null}
          </p>
          {data.registration.ageOutsideBand ? (
            <p>
              <span className="admin-badge admin-badge--warning">Age outside the band</span> At check-in, the child’s age on the session’s day was
              outside the contest’s age band. Check the date of birth with the family.
            </p>
          ) : null}

          <h3>Emails</h3>
          {data.emails.length === 0 ? (
            <p>No email queued (registered before confirmation emails existed). Resend sends one.</p>
          ) : (
            <ul className="admin-detail__list">
              {data.emails.map((email) => (
                <li key={email.id}>
                  <strong className={`admin-mail admin-mail--${email.status}`}>{STATUS_LABELS[email.status]}</strong>: {TEMPLATE_LABELS[email.template]}{' '}
                  {REASON_LABELS[email.reason]}, queued {formatDateTime(email.createdAt)}
                  {email.sentAt ? `, sent ${formatDateTime(email.sentAt)}` : ''}
                  {email.sentTo ? ` to ${email.sentTo}` : ''}
                  {email.attempts > 1 ? ` (${plural(email.attempts, { one: '# attempt', other: '# attempts' })})` : ''}
                  {email.lastError ? <span className="admin-detail__reason"> Reason: {email.lastError}</span> : null}
                </li>
              ))}
            </ul>
          )}

          <h3>Parental consent</h3>
          {data.registration.type === 'institute' ? (
            <p>An institute: no parental consent needed.</p>
          ) : data.consent ? (
            <p>
              <strong>{data.consent.guardianName}</strong> consented to privacy notice version {data.consent.noticeVersion} (
              {data.consent.language === 'ta' ? 'Tamil' : 'English'}, {data.consent.channel === 'web' ? 'on the website' : 'through field staff'}) on{' '}
              {formatDateTime(data.consent.consentedAt)}; recorded {formatDateTime(data.consent.recordedAt)}.
            </p>
          ) : (
            <p>No consent recorded (queued on a device before consent was asked).</p>
          )}
          {data.consentNeeded ? <p className="admin-muted">The family’s page asks for consent to notice version {data.consentNeeded.noticeVersion}.</p> : null}

          {data.payment ? <PaymentPanel registrationId={id} payment={data.payment} /> : null}

          {data.erasureRequests.length > 0 ? (
            <>
              <h3>Erasure requests</h3>
              <ul className="admin-detail__list">
                {data.erasureRequests.map((request) => (
                  <li key={request.id}>
                    {request.status === 'open' ? 'Open' : 'Done'}: asked {formatDateTime(request.requestedAt)}, due {formatDateTime(request.dueAt)}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
