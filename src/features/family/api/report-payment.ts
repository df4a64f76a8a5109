import { paymentReportSchema } from '@domain/fees';
import { fieldErrorsOf } from '@domain/validation';
import { enqueue, type SaveResult } from '@/lib/outbox';

/**
 * A UPI payment's reference (UTR), reported from the family's page: parsed, then stored in the
 * outbox with the page's link token, so it is sent now or once the connection returns.
 */
export async function reportPayment(token: string, referenceCode: string, utr: string): Promise<SaveResult> {
  const parsed = paymentReportSchema.safeParse({ id: crypto.randomUUID(), utr, reportedAt: new Date().toISOString() });
  if (!parsed.success) return { saved: false, errors: fieldErrorsOf(parsed.error) };
  await enqueue('payment-report', { payload: parsed.data, referenceCode, credential: token });
  return { saved: true, id: parsed.data.id, existing: false };
}
