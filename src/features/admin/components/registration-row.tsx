import { forwardRef, useEffect, useRef, type Ref } from 'react';
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
          <RowAction label="Details" name={`Details of ${who}`} onClick={onDetails} />
          <RowAction ref={editRef} label="Edit" name={`Edit ${who}`} onClick={onEdit} disabled={busy} />
          <RowAction label="Delete" name={`Delete ${who}`} onClick={onDelete} disabled={busy} danger />
        </div>
      </td>
    </tr>
  );
});

/** One of the row's small buttons; `name` says which row it acts on, for a screen reader. */
function RowAction({ label, name, danger = false, ...button }: { label: string; name: string; danger?: boolean; ref?: Ref<HTMLButtonElement>; onClick: () => void; disabled?: boolean }) {
  return (
    <button type="button" className={`button button--small button--compact${danger ? ' button--danger' : ''}`} aria-label={name} {...button}>
      {label}
    </button>
  );
}
