import { forwardRef, useEffect, useRef } from 'react';
import type { AdminRegistration } from '../api/get-registrations';
import { categoryLabel, formatShortAge } from '../utils/format';

type Props = {
  registration: AdminRegistration;
  rowIndex: number;
  dataIndex: number;
  saved: boolean;
  focusEdit: boolean;
  leaving: boolean;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  /** Opens the registration: its emails, consent record and Resend. */
  onDetails: () => void;
};

/** Lets a long address wrap after the @ rather than mid-word. */
/** Venue mode's cash fee, as the admin reads it (ADR 018). */
const FEE_TEXT = { paid: 'Fee paid', waived: 'Fee waived', unpaid: 'Fee unpaid' } as const;

function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/** One registration as a table row: the reference code sits under the name, duplicates are flagged. */
export const RegistrationRow = forwardRef<HTMLTableRowElement, Props>(function RegistrationRow(
  { registration: r, rowIndex, dataIndex, saved, focusEdit, leaving, busy, onEdit, onDelete, onDetails },
  ref,
) {
  const editRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusEdit) editRef.current?.focus();
  }, [focusEdit]);
  const who = r.name ?? r.instituteName ?? r.referenceCode;
  const classes = [
    'admin-row',
    saved && 'admin-row--saved',
    leaving && 'admin-row--leaving',
    r.possibleDuplicate && 'admin-row--duplicate',
    r.cancelledAt && 'admin-row--cancelled',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <tr ref={ref} className={classes} data-index={dataIndex} aria-rowindex={rowIndex} data-saved={saved || undefined}>
      <td>
        <span className="admin-row__name">{r.name ?? <span className="admin-muted">Institute</span>}</span>
        <span className="admin-ref">{r.referenceCode}</span>
        {/* The language the family registered in: their emails go out in it (ADR 015). */}
        <span className="admin-lang" data-language={r.language}>
          {r.language === 'ta' ? 'Tamil' : 'English'}
        </span>
        {r.possibleDuplicate && <span className="admin-badge">Possible duplicate</span>}
        {/* Venue mode: the cash fee of a child in an in-person session's contest. */}
        {r.venueFee && <span className={`admin-badge admin-badge--fee-${r.venueFee}`}>{FEE_TEXT[r.venueFee]}</span>}
        {/* Venue mode: checked in with an age outside the contest's band on the session's day. */}
        {r.ageOutsideBand && <span className="admin-badge admin-badge--warning">Age outside the band</span>}
        {r.cancelledAt && (
          <span className="admin-badge admin-badge--cancelled">{r.cancelledBy === 'family' ? 'Cancelled by family' : 'Cancelled'}</span>
        )}
      </td>
      <td>{formatShortAge(r.age, r.ageUnit)}</td>
      <td>
        <EmailText email={r.email} />
      </td>
      <td>{r.phone}</td>
      <td>{r.city}</td>
      <td>{r.instituteName ?? '—'}</td>
      <td>
        <ul className="chip-list">
          {r.categories.map((slug) => (
            <li key={slug} className="admin-tag">
              {categoryLabel(slug)}
            </li>
          ))}
        </ul>
      </td>
      <td>
        <div className="admin-actions">
          <button type="button" className="button button--small" onClick={onDetails} aria-label={`Details of ${who}`}>
            Details
          </button>
          <button ref={editRef} type="button" className="button button--small" onClick={onEdit} disabled={busy} aria-label={`Edit ${who}`}>
            Edit
          </button>
          <button
            type="button"
            className="button button--small button--danger"
            onClick={onDelete}
            disabled={busy}
            aria-label={`Delete ${who}`}
          >
            Delete
          </button>
        </div>
      </td>
    </tr>
  );
});
