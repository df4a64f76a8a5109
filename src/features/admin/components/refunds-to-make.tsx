import { useState } from 'react';
import { keepRowSchema, refundInputSchema } from '@domain/statements';
import { Form, SubmitButton } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { useFieldErrors } from '@/components/form/use-field-errors';
import { refundsCsvUrl, useRefundsToMake, type RefundToMake } from '../api/get-refunds-to-make';
import { useResolveStatementRow } from '../api/resolve-statement-row';
import { rupeesOfPaise } from '../utils/format';
import { AmountField, DayField, occurredAtOf, today } from './money-fields';
import { LoadedTable } from './plain-table';
import { SensitiveDownload } from '@/components/second-factor/sensitive-download';

const WHY = { overpayment: 'paid more than was owed', already_paid: 'paid twice' } as Record<string, string>;

/**
 * Credits that paid more than a registration owed, or paid it twice (issue 49): the payer's
 * details as the statement gave them, to send the money back. A line leaves the list once the
 * refund is recorded against it, or once someone keeps the money and says why.
 */
export function RefundsToMake() {
  const query = useRefundsToMake();
  const items = query.data?.items ?? [];
  return (
    <section className="admin-payments__section" aria-labelledby="refunds-heading">
      <div className="admin-page__head">
        <h2 id="refunds-heading">Refunds to make</h2>
        <SensitiveDownload className="button button--small" href={refundsCsvUrl()}>
          Download the refunds to make (CSV)
        </SensitiveDownload>
      </div>
      <p className="admin-muted">Credits that paid more than was owed, or paid a fee twice. Record the refund once the money has gone back, or keep the money and say why: either way the line leaves this list.</p>
      <LoadedTable
        query={query}
        items={items}
        words={{ failed: 'Could not load the refunds to make. Try again.', empty: 'No refunds to make.', caption: 'Refunds to make' }}
        columns={['Date', 'Payer (narration)', 'UPI id or account', 'Received', 'To refund', 'Registration', 'Resolve']}
        row={(refund) => <RefundRow refund={refund} />}
      />
    </section>
  );
}

function RefundRow({ refund }: { refund: RefundToMake }) {
  const [open, setOpen] = useState<'refund' | 'keep' | null>(null);
  return (
    <tr>
      <td>{refund.bookedOn}</td>
      <td className="admin-statement__narration">{refund.narration}</td>
      <td>{refund.payerAccount ?? '—'}</td>
      <td>{rupeesOfPaise(refund.amountPaise)}</td>
      <td>
        <strong>{rupeesOfPaise(refund.toRefundPaise)}</strong>
        <span className="admin-muted"> ({WHY[refund.state] ?? refund.state})</span>
      </td>
      <td>
        {refund.referenceCode ?? '(erased)'}
        {refund.name ? ` (${refund.name})` : ''}
      </td>
      <td>
        {open === 'refund' ? (
          <RefundForm refund={refund} onDone={() => setOpen(null)} />
        ) : open === 'keep' ? (
          <KeepForm refund={refund} onDone={() => setOpen(null)} />
        ) : (
          <div className="admin-statement__actions">
            {refund.registrationId ? (
              <button type="button" className="button button--small" onClick={() => setOpen('refund')}>
                Refunded
              </button>
            ) : null}
            <button type="button" className="button button--small" onClick={() => setOpen('keep')}>
              Keep it
            </button>
          </div>
        )}
      </td>
    </tr>
  );
}

function RefundForm({ refund, onDone }: { refund: RefundToMake; onDone: () => void }) {
  const form = useFieldErrors();
  const resolve = useResolveStatementRow();
  const [values, setValues] = useState({ method: 'upi', amountRupees: String(refund.toRefundPaise / 100), reference: '', day: today() });
  const set = (name: keyof typeof values, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    form.clear(name);
  };
  async function onSubmit() {
    const entry = {
      id: crypto.randomUUID(),
      method: values.method,
      amountRupees: values.amountRupees,
      reference: values.reference,
      occurredAt: occurredAtOf(values.day),
    };
    const checked = refundInputSchema.safeParse(entry);
    if (!form.check(refundInputSchema, entry) || !checked.success) return;
    try {
      await resolve.mutateAsync({ id: refund.id, resolution: { resolution: 'refunded', refund: { ...entry, method: checked.data.method } } });
      onDone();
    } catch (error) {
      if (!form.showRefusal(error)) form.set('amountRupees', error instanceof Error ? error.message : 'Could not record it. Try again.');
    }
  }
  return (
    <Form className="admin-refund__form" onSubmit={onSubmit} aria-label={`Refund of ${rupeesOfPaise(refund.toRefundPaise)} to ${refund.referenceCode ?? 'the payer'}`}>
      <FormField label="Sent back by" layout="compact" {...form.field('method')}>
        {(control) => (
          <select {...control} value={values.method} onChange={(e) => set('method', e.target.value)}>
            <option value="upi">UPI</option>
            <option value="bank">Bank transfer</option>
          </select>
        )}
      </FormField>
      <AmountField wiring={form.field('amountRupees')} value={values.amountRupees} onChange={(value) => set('amountRupees', value)} />
      <FormField label="Refund reference (UTR)" layout="compact" {...form.field('reference')}>
        {(control) => <input {...control} type="text" value={values.reference} onChange={(e) => set('reference', e.target.value)} />}
      </FormField>
      <DayField label="Sent on" wiring={form.field('occurredAt')} value={values.day} onChange={(value) => set('day', value)} />
      <SubmitOrCancel label="Record the refund" busy={resolve.isPending} onCancel={onDone} />
    </Form>
  );
}

function KeepForm({ refund, onDone }: { refund: RefundToMake; onDone: () => void }) {
  const form = useFieldErrors();
  const resolve = useResolveStatementRow();
  const [note, setNote] = useState('');
  async function onSubmit() {
    const resolution = { resolution: 'kept' as const, note };
    if (!form.check(keepRowSchema, resolution)) return;
    try {
      await resolve.mutateAsync({ id: refund.id, resolution });
      onDone();
    } catch (error) {
      if (!form.showRefusal(error)) form.set('note', error instanceof Error ? error.message : 'Could not save it. Try again.');
    }
  }
  return (
    <Form className="admin-refund__form" onSubmit={onSubmit} aria-label={`Keep ${rupeesOfPaise(refund.toRefundPaise)} from ${refund.referenceCode ?? 'the payer'}`}>
      <FormField label="Why is the money kept?" layout="compact" {...form.field('note')}>
        {(control) => <input {...control} type="text" value={note} onChange={(e) => { setNote(e.target.value); form.clear('note'); }} />}
      </FormField>
      <SubmitOrCancel label="Keep the money" busy={resolve.isPending} onCancel={onDone} />
    </Form>
  );
}

/** A resolving form's two buttons: record it, or close the form with nothing recorded. */
function SubmitOrCancel({ label, busy, onCancel }: { label: string; busy: boolean; onCancel: () => void }) {
  return (
    <>
      <SubmitButton className="button--small" busy={busy}>
        {label}
      </SubmitButton>
      <button type="button" className="button button--small" onClick={onCancel}>
        Cancel
      </button>
    </>
  );
}
