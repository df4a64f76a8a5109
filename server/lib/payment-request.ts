import type { CategorySlug } from '@domain/categories';
import { feeLines, receiptLabel, upiPayLink } from '@domain/fees';
import type { RegistrationType } from '@domain/registration-rules';
import type { LedgerEntry, PaymentSummary } from '../db/stores/payment-store';
import type { Env } from '../env';
import { qrDataUrl } from '../mail/qr-code';

/**
 * What a family is asked to pay, and how (DECISIONS.md, "Fees"; ADR 024): the online contests'
 * fee by UPI to the organiser's address, the in-person contests' fee in cash at the venue.
 */
export type PaymentTerms = {
  online: { rupees: number; contests: number };
  atVenue: { rupees: number; contests: number };
  /** What is still to pay online, in whole rupees (0 once UPI or bank payments cover it). */
  owedOnline: number;
  /**
   * The `upi://pay` link for what is still to pay online; null when the organiser has set no UPI
   * address, nothing is left to pay online, or the registration is cancelled (never chased).
   */
  upi: { link: string; address: string; payeeName: string; rupees: number } | null;
};

type Payable = { type: RegistrationType; categories: readonly CategorySlug[]; referenceCode: string; cancelledAt: string | null };
type UpiSettings = Pick<Env, 'UPI_VPA' | 'UPI_PAYEE_NAME'>;

/**
 * What the ledger already holds against the online fee: UPI and bank payments less their refunds,
 * and waivers not given at a venue. Cash and waivers at a venue settle the in-person contests.
 */
function settledOnline(entries: readonly LedgerEntry[]): number {
  let paise = 0;
  for (const entry of entries) {
    if (entry.voidedAt) continue;
    const online = entry.method === 'upi' || entry.method === 'bank';
    if (entry.kind === 'payment' && online) paise += entry.amountPaise;
    else if (entry.kind === 'refund' && online) paise -= entry.amountPaise;
    else if (entry.kind === 'waiver' && entry.source !== 'venue') paise += entry.amountPaise;
  }
  return paise;
}

/** Null when nothing is ever due: an institute's registration. `entries` is what the ledger already holds. */
export function paymentTerms(registration: Payable, env: UpiSettings, entries: readonly LedgerEntry[] = []): PaymentTerms | null {
  const lines = feeLines(registration);
  if (lines.length === 0) return null;
  const sum = (mode: 'online' | 'in-person') => {
    const ofMode = lines.filter((line) => line.mode === mode);
    return { rupees: ofMode.reduce((total, line) => total + line.rupees, 0), contests: ofMode.length };
  };
  const online = sum('online');
  // Whole rupees: what the family still owes online.
  const owedOnline = Math.max(0, Math.floor((online.rupees * 100 - settledOnline(entries)) / 100));
  const upi =
    env.UPI_VPA && owedOnline > 0 && !registration.cancelledAt
      ? {
          link: upiPayLink({ address: env.UPI_VPA, payeeName: env.UPI_PAYEE_NAME, rupees: owedOnline, referenceCode: registration.referenceCode }),
          address: env.UPI_VPA,
          payeeName: env.UPI_PAYEE_NAME,
          rupees: owedOnline,
        }
      : null;
  return { online, owedOnline, atVenue: sum('in-person'), upi };
}

/**
 * The family's page: the terms with a QR code of the UPI link (to scan from a computer), the
 * status the ledger gives, the receipts of confirmed payments and the UTRs the family reported.
 */
export async function familyPayment(registration: Payable, env: UpiSettings, summary: PaymentSummary) {
  const terms = paymentTerms(registration, env, summary.entries);
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
