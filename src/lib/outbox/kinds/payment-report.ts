import type { PaymentReportInput } from '@domain/fees';
import type { RecordBase } from '../record';
import { defineKind } from './kind';

/**
 * A UPI payment a family reports from its private page (issue "Fees"): the UTR their app showed.
 * Sent with the page's private link token as the bearer credential (ADR 013), which the record
 * keeps for that, and which never leaves the device in an export (like the record's secret).
 */
export type PaymentReportRecord = RecordBase & {
  kind: 'payment-report';
  payload: PaymentReportInput;
  referenceCode: string;
};

export type PaymentReportSave = { payload: PaymentReportInput; referenceCode: string; credential: string };

export const paymentReportKind = defineKind<PaymentReportRecord, PaymentReportSave>({
  kind: 'payment-report',
  label: 'Payment reported',
  nouns: ['payment reported', 'payments reported'],
  title: (record) => `UPI ${String(record.payload.utr)} (${record.referenceCode})`,
  create: ({ payload, referenceCode, credential }) => ({ payload, referenceCode, credential }),
  request: (record, api) =>
    api.family.registration['payment-report'].$post({ json: record.payload }, { headers: { Authorization: `Bearer ${record.credential ?? ''}` } }),
});
