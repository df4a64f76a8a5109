import { useState } from 'react';
import { ledgerEntryInputSchema, receiptLabel, voidEntrySchema } from '@domain/fees';
import { Form, SubmitButton } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { useFieldErrors } from '@/components/form/use-field-errors';
import type { RegistrationDetail } from '../api/get-registration';
import { useRecordLedgerEntry, useVoidLedgerEntry } from '../api/ledger';
import { formatDateTime } from '../utils/format';
import { PAYMENT_STATUS_LABELS } from '../utils/payment-labels';
import { AmountField, DayField, occurredAtOf, today } from './money-fields';

type Payment = NonNullable<RegistrationDetail['payment']>;
type Entry = Payment['entries'][number];


const KIND_LABELS: Record<Entry['kind'], string> = { payment: 'Payment', waiver: 'Waiver', refund: 'Refund' };
const METHOD_LABELS: Record<NonNullable<Entry['method']>, string> = { cash: 'cash', upi: 'UPI', bank: 'bank transfer' };
const SOURCE_LABELS: Record<Entry['source'], string> = { venue: 'at the venue', statement: 'from a bank statement', admin: 'by hand' };

const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: paise % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;

/** A registration's money in the admin's details (ADR 024): status, every ledger entry, and recording or voiding one. */
export function PaymentPanel({ registrationId, payment }: { registrationId: string; payment: Payment }) {
  const [voiding, setVoiding] = useState<string | null>(null);
  return (
    <>
      <h3>Payment</h3>
      <p>
        <strong className={`admin-payment admin-payment--${payment.status}`}>{PAYMENT_STATUS_LABELS[payment.status]}</strong>: due {rupees(payment.duePaise)}, paid{' '}
        {rupees(payment.paidPaise)}
        {payment.waivedPaise > 0 ? `, waived ${rupees(payment.waivedPaise)}` : ''}.
      </p>
      {payment.reports.length > 0 ? (
        <p className="admin-muted">The family reported UPI reference {payment.reports.map((report) => `${report.utr} (${formatDateTime(report.reportedAt)})`).join(', ')}.</p>
      ) : null}
      {payment.entries.length > 0 ? (
        <ul className="admin-detail__list">
          {payment.entries.map((entry) => (
            <li key={entry.id} className={entry.voidedAt ? 'admin-ledger--voided' : undefined}>
              {KIND_LABELS[entry.kind]} {rupees(entry.amountPaise)}
              {entry.method ? ` by ${METHOD_LABELS[entry.method]}` : ''} {SOURCE_LABELS[entry.source]}, {formatDateTime(entry.occurredAt)}, recorded by {entry.recordedBy}
              {entry.receiptNumber !== null ? ` · receipt ${receiptLabel(entry.receiptNumber)}` : ''}
              {entry.reference ? ` · reference ${entry.reference}` : ''}
              {entry.reason ? <span className="admin-detail__reason"> Reason: {entry.reason}</span> : null}
              {entry.voidedAt ? (
                <span className="admin-detail__reason">
                  {' '}
                  Voided by {entry.voidedBy} on {formatDateTime(entry.voidedAt)}: {entry.voidReason}
                </span>
              ) : voiding === entry.id ? (
                <VoidForm registrationId={registrationId} entryId={entry.id} onDone={() => setVoiding(null)} />
              ) : (
                <>
                  {' '}
                  <button type="button" className="button button--small" onClick={() => setVoiding(entry.id)}>
                    Void
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p>No payment recorded yet.</p>
      )}
      <RecordEntryForm registrationId={registrationId} />
    </>
  );
}

function VoidForm({ registrationId, entryId, onDone }: { registrationId: string; entryId: string; onDone: () => void }) {
  const form = useFieldErrors();
  const voidEntry = useVoidLedgerEntry(registrationId);
  const [reason, setReason] = useState('');
  async function onSubmit() {
    if (!form.check(voidEntrySchema, { reason })) return;
    try {
      await voidEntry.mutateAsync({ entryId, reason });
      onDone();
    } catch (error) {
      if (!form.showRefusal(error)) form.set('reason', 'Could not void it. Try again.');
    }
  }
  return (
    <Form className="admin-ledger__void" onSubmit={onSubmit} aria-label="Void this entry">
      <FormField label="Why void it?" layout="compact" {...form.field('reason')}>
        {(control) => <input {...control} type="text" value={reason} onChange={(e) => setReason(e.target.value)} />}
      </FormField>
      <SubmitButton className="button--small button--danger" busy={voidEntry.isPending}>
        Void entry
      </SubmitButton>
      <button type="button" className="button button--small" onClick={onDone}>
        Keep it
      </button>
    </Form>
  );
}

function RecordEntryForm({ registrationId }: { registrationId: string }) {
  const form = useFieldErrors();
  const recordEntry = useRecordLedgerEntry(registrationId);
  const [values, setValues] = useState({ kind: 'payment', method: 'upi', amountRupees: '', reference: '', reason: '', day: today() });
  const [done, setDone] = useState<string | null>(null);
  const set = (name: keyof typeof values, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    form.clear(name);
  };
  async function onSubmit() {
    setDone(null);
    const entry = {
      id: crypto.randomUUID(),
      kind: values.kind,
      method: values.kind === 'waiver' ? undefined : values.method,
      amountRupees: values.amountRupees,
      reference: values.reference,
      reason: values.reason,
      occurredAt: occurredAtOf(values.day),
    };
    if (!form.check(ledgerEntryInputSchema, entry)) return;
    try {
      const answer = await recordEntry.mutateAsync(ledgerEntryInputSchema.parse(entry));
      setDone(answer.entry.receiptNumber !== null ? `Recorded: receipt ${receiptLabel(answer.entry.receiptNumber)}.` : 'Recorded.');
      setValues((current) => ({ ...current, amountRupees: '', reference: '', reason: '' }));
    } catch (error) {
      if (!form.showRefusal(error)) setDone('Could not record it. Try again.');
    }
  }
  return (
    <Form className="admin-ledger__form" onSubmit={onSubmit} aria-labelledby="record-entry-heading">
      <h4 id="record-entry-heading">Record a payment, waiver or refund</h4>
      <div className="admin-ledger__fields">
        <FormField label="Kind" layout="compact" {...form.field('kind')}>
          {(control) => (
            <select {...control} value={values.kind} onChange={(e) => set('kind', e.target.value)}>
              <option value="payment">Payment</option>
              <option value="waiver">Waiver</option>
              <option value="refund">Refund</option>
            </select>
          )}
        </FormField>
        {values.kind === 'waiver' ? null : (
          <FormField label="Method" layout="compact" {...form.field('method')}>
            {(control) => (
              <select {...control} value={values.method} onChange={(e) => set('method', e.target.value)}>
                <option value="upi">UPI</option>
                <option value="bank">Bank transfer</option>
                <option value="cash">Cash</option>
              </select>
            )}
          </FormField>
        )}
        <AmountField wiring={form.field('amountRupees')} value={values.amountRupees} onChange={(value) => set('amountRupees', value)} />
        <DayField label="Date" wiring={form.field('occurredAt')} value={values.day} onChange={(value) => set('day', value)} />
        {values.kind === 'payment' ? (
          <FormField label="Reference (UTR, bank reference)" note="(optional)" layout="compact" {...form.field('reference')}>
            {(control) => <input {...control} type="text" value={values.reference} onChange={(e) => set('reference', e.target.value)} />}
          </FormField>
        ) : (
          <FormField label="Reason" layout="compact" {...form.field('reason')}>
            {(control) => <input {...control} type="text" value={values.reason} onChange={(e) => set('reason', e.target.value)} />}
          </FormField>
        )}
      </div>
      <SubmitButton className="button--small" busy={recordEntry.isPending}>
        Record
      </SubmitButton>
      <span role="status" className="admin-muted">
        {done}
      </span>
    </Form>
  );
}
