import { ageBandOutside, ageInMonthsOn } from '@domain/venue';
import type { VenueSession } from '@domain/season';
import { useState } from 'react';
import { Form, SubmitButton } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { useFieldErrors } from '@/components/form/use-field-errors';
import { useT } from '@/lib/i18n/use-t';
import type { CheckInRecord, FeeRecord } from '@/lib/outbox';
import type { RosterRow } from '../api/roster-db';
import type { StaffSession } from '../api/staff-session';
import { saveCheckIn } from '../api/save-check-in';
import { saveFee } from '../api/save-fee';
import { checkInSentence, feeSentence } from '../utils/child-status';
import { ageOf, categoriesOf, dayOf } from '../utils/format';

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
  const { t } = useT();
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [waiverReason, setWaiverReason] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useFieldErrors();
  const months = dateOfBirth ? ageInMonthsOn(dateOfBirth, session.date) : null;
  const outside = months === null ? null : ageBandOutside(months, session, child.categories);
  const sessionDay = dayOf(session);

  const checkedIn = checkInSentence(child, localCheckIn, thisDevice);
  const fee = feeSentence(child, localFee, session, thisDevice);

  async function onCheckIn() {
    if (busy) return;
    if (dateOfBirth && months === null) return form.show({ dateOfBirth: t('venue.dob.invalid') });
    if (months !== null && months < 0) return form.show({ dateOfBirth: t('venue.dob.afterSession') });
    setBusy(true);
    try {
      const result = await saveCheckIn(session, staff, child, dateOfBirth || null);
      if (!result.saved) return form.show(result.errors);
      onDone(t('venue.checkIn.notice', { name: child.childName }));
    } finally {
      setBusy(false);
    }
  }

  async function onFee(status: 'paid' | 'waived') {
    if (busy) return;
    if (status === 'waived' && !waiverReason.trim()) return form.show({ waiverReason: t('venue.fee.needReason') });
    setBusy(true);
    try {
      const result = await saveFee(session, staff, child, status === 'paid' ? { status } : { status, waiverReason: waiverReason.trim() });
      if (!result.saved) return form.show(result.errors);
      onDone(
        status === 'paid'
          ? t('venue.fee.paidNotice', { amount: session.feeRupees, name: child.childName })
          : t('venue.fee.waivedNotice', { name: child.childName }),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="work-card venue-card venue-child" aria-labelledby="venue-child-name">
      <h3 id="venue-child-name" tabIndex={-1}>
        {child.childName}
      </h3>
      <dl className="venue-facts">
        <dt>{t('venue.child.code')}</dt>
        <dd>{child.referenceCode}</dd>
        <dt>{t('venue.child.contest')}</dt>
        <dd>{categoriesOf(child)}</dd>
        <dt>{t('venue.child.age')}</dt>
        <dd>{ageOf(child)}</dd>
        <dt>{t('venue.child.guardian')}</dt>
        <dd>{child.guardianName ?? '—'}</dd>
        <dt>{t('venue.child.phone')}</dt>
        <dd>{child.phoneLast4}</dd>
      </dl>

      {checkedIn ? (
        <p className="venue-status venue-status--done" role="status">
          {checkedIn}
        </p>
      ) : (
        <Form className="form" onSubmit={onCheckIn}>
          <FormField
            label={t('venue.dob.label')}
            note={t('venue.dob.note')}
            hint={months === null ? t('venue.dob.hint', { day: sessionDay }) : t('venue.dob.months', { months, day: sessionDay })}
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
          {outside && months !== null ? (
            <p className="form-notice form-notice--error" role="alert">
              {t('venue.ageCheck', { months, min: outside.minMonths, max: outside.maxMonths })}
            </p>
          ) : null}
          <SubmitButton busy={busy}>{t('venue.checkIn.button', { name: child.childName })}</SubmitButton>
        </Form>
      )}

      {fee ? (
        <p className="venue-status" role="status">
          {fee}
        </p>
      ) : (
        <Form className="form venue-fee" onSubmit={() => onFee('waived')}>
          <p>
            {t('venue.fee.at')} <strong>₹{session.feeRupees}</strong>
          </p>
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void onFee('paid')}>
            {t('venue.fee.markPaid', { amount: session.feeRupees })}
          </button>
          <FormField label={t('venue.fee.reason')} {...form.field('waiverReason')}>
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
            {t('venue.fee.waive')}
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}
