import type { CategorySlug } from '@domain/categories';
import { feeLines, receiptLabel, upiPayLink } from '@domain/fees';
import type { RegistrationType } from '@domain/registration-rules';
import type { PaymentSummary } from '../db/stores/payment-store';
import type { Env } from '../env';
import { qrDataUrl } from '../mail/qr-code';

/**
 * What a family is asked to pay, and how (DECISIONS.md, "Fees"; ADR 024): the online contests'
 * fee by UPI to the organiser's address, the in-person contests' fee in cash at the venue.
 */
export type PaymentTerms = {
  online: { rupees: number; contests: number };
  atVenue: { rupees: number; contests: number };
  /**
   * The `upi://pay` link for what is still to pay online; null when the organiser has set no UPI
   * address, nothing is left to pay online, or the registration is cancelled (never chased).
   */
  upi: { link: string; address: string; payeeName: string; rupees: number } | null;
};

type Payable = { type: RegistrationType; categories: readonly CategorySlug[]; referenceCode: string; cancelledAt: string | null };
type UpiSettings = Pick<Env, 'UPI_VPA' | 'UPI_PAYEE_NAME'>;

/** Null when nothing is ever due: an institute's registration. `settled` is what the ledger already holds. */
export function paymentTerms(registration: Payable, env: UpiSettings, settled = { paidPaise: 0, waivedPaise: 0 }): PaymentTerms | null {
  const lines = feeLines(registration);
  if (lines.length === 0) return null;
  const sum = (mode: 'online' | 'in-person') => {
    const ofMode = lines.filter((line) => line.mode === mode);
    return { rupees: ofMode.reduce((total, line) => total + line.rupees, 0), contests: ofMode.length };
  };
  const online = sum('online');
  const owed = lines.reduce((total, line) => total + line.rupees * 100, 0) - settled.paidPaise - settled.waivedPaise;
  // Whole rupees: what the family still owes online, never more than the online contests' fee.
  const toPay = Math.max(0, Math.min(online.rupees, Math.floor(owed / 100)));
  const upi =
    env.UPI_VPA && toPay > 0 && !registration.cancelledAt
      ? {
          link: upiPayLink({ address: env.UPI_VPA, payeeName: env.UPI_PAYEE_NAME, rupees: toPay, referenceCode: registration.referenceCode }),
          address: env.UPI_VPA,
          payeeName: env.UPI_PAYEE_NAME,
          rupees: toPay,
        }
      : null;
  return { online, atVenue: sum('in-person'), upi };
}

/**
 * The family's page: the terms with a QR code of the UPI link (to scan from a computer), the
 * status the ledger gives, the receipts of confirmed payments and the UTRs the family reported.
 */
export async function familyPayment(registration: Payable, env: UpiSettings, summary: PaymentSummary) {
  const terms = paymentTerms(registration, env, summary);
  if (!terms) return null;
  const live = summary.entries.filter((entry) => !entry.voidedAt);
  return {
    ...terms,
    upi: terms.upi ? { ...terms.upi, qrCode: await qrDataUrl(terms.upi.link) } : null,
    status: summary.status,
    cancelled: registration.cancelledAt !== null,
    receipts: live
      .filter((entry) => entry.kind === 'payment' && entry.receiptNumber !== null)
      .map((entry) => ({ number: receiptLabel(entry.receiptNumber ?? 0), rupees: entry.amountPaise / 100, method: entry.method, at: entry.occurredAt })),
    refundedRupees: live.filter((entry) => entry.kind === 'refund').reduce((total, entry) => total + entry.amountPaise, 0) / 100,
    reports: summary.reports.map((report) => ({ utr: report.utr, reportedAt: report.reportedAt })),
  };
}
