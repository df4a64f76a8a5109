import { ageBandWarning, ageInMonthsOn } from '@domain/venue';
import type { VenueSession } from '@domain/season';
import { useState } from 'react';
import { Form, SubmitButton } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { useFieldErrors } from '@/components/form/use-field-errors';
import type { CheckInRecord, FeeRecord } from '@/lib/outbox';
import type { RosterRow } from '../api/roster-db';
import type { StaffSession } from '../api/staff-session';
import { saveCheckIn } from '../api/save-check-in';
import { saveFee } from '../api/save-fee';
import { checkInSentence, feeSentence } from '../utils/child-status';
import { ageOf, categoriesOf } from '../utils/format';

type Props = {
  session: VenueSession;
  staff: StaffSession;
  child: RosterRow;
  /** This device's own check-in and fee for the child, if any. */
  localCheckIn: CheckInRecord | undefined;
  localFee: FeeRecord | undefined;
  /** This phone's device id: records it made read "on this device". */
  thisDevice: string;
  onDone: (message: string) => void;
};

/** One child: who they are, the age check, check-in and the cash fee. */
export function ChildPanel({ session, staff, child, localCheckIn, localFee, thisDevice, onDone }: Props) {
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [waiverReason, setWaiverReason] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useFieldErrors();
  const months = dateOfBirth ? ageInMonthsOn(dateOfBirth, session.date) : null;
  const warning = months === null ? null : ageBandWarning(months, session, child.categories);

  const checkedIn = checkInSentence(child, localCheckIn, thisDevice);
  const fee = feeSentence(child, localFee, session, thisDevice);

  async function onCheckIn() {
    if (busy) return;
    if (dateOfBirth && months === null) return form.show({ dateOfBirth: 'Enter the date of birth as a date.' });
    if (months !== null && months < 0) return form.show({ dateOfBirth: 'The date of birth is after the session day.' });
    setBusy(true);
    try {
      const result = await saveCheckIn(session, staff, child, dateOfBirth || null);
      if (!result.saved) return form.show(result.errors);
      onDone(`${child.childName} is checked in.`);
    } finally {
      setBusy(false);
    }
  }

  async function onFee(status: 'paid' | 'waived') {
    if (busy) return;
    if (status === 'waived' && !waiverReason.trim()) return form.show({ waiverReason: 'Say why the fee is waived.' });
    setBusy(true);
    try {
      const result = await saveFee(session, staff, child, status === 'paid' ? { status } : { status, waiverReason: waiverReason.trim() });
      if (!result.saved) return form.show(result.errors);
      onDone(status === 'paid' ? `₹${session.feeRupees} paid in cash by ${child.childName}'s family.` : `Fee waived for ${child.childName}.`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="venue-card venue-child" aria-labelledby="venue-child-name">
      <h3 id="venue-child-name" tabIndex={-1}>
        {child.childName}
      </h3>
      <dl className="venue-facts">
        <dt>Reference code</dt>
        <dd>{child.referenceCode}</dd>
        <dt>Contest</dt>
        <dd>{categoriesOf(child)}</dd>
        <dt>Age registered</dt>
        <dd>{ageOf(child)}</dd>
        <dt>Parent or guardian</dt>
        <dd>{child.guardianName ?? '—'}</dd>
        <dt>Phone ends in</dt>
        <dd>{child.phoneLast4}</dd>
      </dl>

      {checkedIn ? (
        <p className="venue-status venue-status--done" role="status">
          {checkedIn}
        </p>
      ) : (
        <Form className="form" onSubmit={onCheckIn}>
          <FormField
            label="Date of birth"
            note="(enter or confirm)"
            hint={months === null ? `The age in months is worked out for the session day, ${session.date}.` : `${months} months on ${session.date}.`}
            {...form.field('dateOfBirth')}
          >
            {(control) => (
              <input
                {...control}
                type="date"
                value={dateOfBirth}
                onChange={(e) => {
                  setDateOfBirth(e.target.value);
                  form.clear('dateOfBirth');
                }}
              />
            )}
          </FormField>
          {warning ? (
            <p className="form-notice form-notice--error" role="alert">
              Age check: {warning}
            </p>
          ) : null}
          <SubmitButton busy={busy}>Check in {child.childName}</SubmitButton>
        </Form>
      )}

      {fee ? (
        <p className="venue-status" role="status">
          {fee}
        </p>
      ) : (
        <Form className="form venue-fee" onSubmit={() => onFee('waived')}>
          <p>
            Fee at this session: <strong>₹{session.feeRupees}</strong>, in cash.
          </p>
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void onFee('paid')}>
            Mark ₹{session.feeRupees} paid in cash
          </button>
          <FormField label="Reason for waiving the fee" {...form.field('waiverReason')}>
            {(control) => (
              <input
                {...control}
                value={waiverReason}
                maxLength={200}
                onChange={(e) => {
                  setWaiverReason(e.target.value);
                  form.clear('waiverReason');
                }}
              />
            )}
          </FormField>
          <SubmitButton busy={busy} className="button--secondary">
            Waive the fee
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}
