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

/** Venue mode's cash fee, as the admin reads it in its own column (ADR 018). */
export const FEE_TEXT = { paid: 'Paid', waived: 'Waived', unpaid: 'Unpaid' } as const;

/**
 * One registration as a dense, one-line table row: long text is cut short with the whole of it in
 * a tooltip (and in Details); flags sit after the name, which gives way to them; the cash fee has
 * a column of its own.
 */
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
  const categories = r.categories.map(categoryLabel).join(', ');
  return (
    <tr ref={ref} className={classes} data-index={dataIndex} aria-rowindex={rowIndex} data-saved={saved || undefined}>
      <td>
        <div className="admin-row__who">
          <span className="admin-row__name admin-truncate" title={r.name ?? undefined}>
            {r.name ?? <span className="admin-muted">Institute</span>}
          </span>
          {/* The language the family registered in, when not English: their emails go out in it (ADR 015). */}
          {r.language === 'ta' && (
            <span className="admin-badge admin-badge--lang" data-language="ta">
              Tamil
            </span>
          )}
          {r.possibleDuplicate && (
            <span className="admin-badge" title="Possible duplicate of another registration">
              Duplicate?
            </span>
          )}
          {/* Venue mode: checked in with an age outside the contest's band on the session's day. */}
          {r.ageOutsideBand && <span className="admin-badge admin-badge--warning">Age outside the band</span>}
          {r.cancelledAt && (
            <span className="admin-badge admin-badge--cancelled">{r.cancelledBy === 'family' ? 'Cancelled by family' : 'Cancelled'}</span>
          )}
        </div>
      </td>
      <td className="admin-ref" title={r.referenceCode}>
        {r.referenceCode}
      </td>
      <td>{formatShortAge(r.age, r.ageUnit)}</td>
      <td className="admin-truncate" title={r.email}>
        {r.email}
      </td>
      <td className="admin-truncate admin-phone" title={r.phone}>
        {r.phone}
      </td>
      <td className="admin-truncate" title={r.city}>
        {r.city}
      </td>
      <td className="admin-truncate" title={r.instituteName ?? undefined}>
        {r.instituteName ?? '—'}
      </td>
      <td className="admin-truncate" title={categories}>
        {categories}
      </td>
      {/* Venue mode: the cash fee of a child in an in-person session's contest. */}
      <td className="admin-nowrap">
        {r.venueFee ? <span className={`admin-badge admin-badge--fee-${r.venueFee}`}>{FEE_TEXT[r.venueFee]}</span> : <span className="admin-muted">—</span>}
      </td>
      <td>
        <div className="admin-actions admin-actions--row">
          <button type="button" className="button button--small button--compact" onClick={onDetails} aria-label={`Details of ${who}`}>
            Details
          </button>
          <button
            ref={editRef}
            type="button"
            className="button button--small button--compact"
            onClick={onEdit}
            disabled={busy}
            aria-label={`Edit ${who}`}
          >
            Edit
          </button>
          <button
            type="button"
            className="button button--small button--compact button--danger"
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
