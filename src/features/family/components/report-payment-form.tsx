import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Form, SubmitButton } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { useFieldErrors } from '@/components/form/use-field-errors';
import { localizeFieldError } from '@/lib/i18n/field-error';
import { useT } from '@/lib/i18n/use-t';
import { useOutboxRecord } from '@/lib/outbox';
import { familyKeys } from '../api/family-keys';
import { reportPayment } from '../api/report-payment';

/** After paying: the UPI reference (UTR) the family's app showed, saved to the outbox and sent when online. */
export function ReportPaymentForm({ token, referenceCode }: { token: string; referenceCode: string }) {
  const { t } = useT();
  const form = useFieldErrors();
  const [utr, setUtr] = useState('');
  const [saving, setSaving] = useState(false);
  const [savedId, setSavedId] = useState<string | null>(null);

  async function onSubmit() {
    setSaving(true);
    try {
      const result = await reportPayment(token, referenceCode, utr);
      if (!result.saved) return form.show(result.errors);
      form.reset();
      setUtr('');
      setSavedId(result.id);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form className="form family-payment__report" onSubmit={onSubmit} aria-labelledby="report-heading">
      <h3 id="report-heading">{t('family.pay.reportTitle')}</h3>
      <FormField label={t('family.pay.utr')} hint={t('family.pay.utrHint')} {...form.field('utr')}>
        {(control) => (
          <input {...control} type="text" inputMode="numeric" autoComplete="off" maxLength={40} value={utr} onChange={(e) => setUtr(e.target.value)} />
        )}
      </FormField>
      <SubmitButton busy={saving}>{t('family.pay.send')}</SubmitButton>
      <div role="status">{savedId ? <ReportProgress id={savedId} /> : null}</div>
    </Form>
  );
}

/** Whether the report has reached us, read live from the outbox; once it has, the page shows the new status. */
function ReportProgress({ id }: { id: string }) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const { data: record } = useOutboxRecord(id);
  const sent = record?.status === 'synced';
  useEffect(() => {
    if (sent) void queryClient.invalidateQueries({ queryKey: familyKeys.registration() });
  }, [sent, queryClient]);
  if (record && (record.status === 'failed' || record.status === 'conflict')) {
    // The server's own sentence, in the page's language when it has a code (too many open reports, a bad number).
    const reason = localizeFieldError('utr', record.fieldErrors?.utr) ?? record.lastError ?? '';
    return <p className="form-notice form-notice--error">{t('family.pay.reportFailed', { reason })}</p>;
  }
  return <p className="form-notice form-notice--success">{sent ? t('family.pay.reportSent') : t('family.pay.reportSaved')}</p>;
}
