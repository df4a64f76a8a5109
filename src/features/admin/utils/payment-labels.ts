import type { PaymentStatus } from '@domain/fees';

/** The payment statuses (ADR 024) in the admin's words. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  nothing_due: 'Nothing due',
  unpaid: 'Unpaid',
  reported: 'Reported by the family, to be confirmed',
  part_paid: 'Part paid',
  paid: 'Paid',
  overpaid: 'Overpaid',
  waived: 'Waived',
  refunded: 'Refunded',
};
