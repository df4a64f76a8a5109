import { z } from 'zod';
import { isBabyCategory } from './age-bands';
import type { CategorySlug } from './categories';
import type { RegistrationType } from './registration-rules';
import { levelPrice, type LevelId } from './season';

/**
 * Fees (DECISIONS.md, "Fees"): per child, per contest entered, per mode. The baby contests are in
 * person only; every other contest is entered online at Level 1. An institute's registration is
 * not a child's entry and owes nothing.
 */
export type FeeMode = 'online' | 'in-person';

export const modeOf = (category: CategorySlug): FeeMode => (isBabyCategory(category) ? 'in-person' : 'online');

export type FeeLine = { category: CategorySlug; mode: FeeMode; rupees: number };

/** What a registration owes at a level, contest by contest. */
export function feeLines(registration: { type: RegistrationType; categories: readonly CategorySlug[] }, levelId: LevelId = 'level1'): FeeLine[] {
  if (registration.type !== 'participant') return [];
  return registration.categories.map((category) => ({ category, mode: modeOf(category), rupees: levelPrice(levelId, modeOf(category)) }));
}

/** The fee of the contests a family pays for before the day: the online ones (in-person fees are paid at the venue). */
export function onlineFeeDue(registration: { type: RegistrationType; categories: readonly CategorySlug[] }, levelId: LevelId = 'level1'): number {
  return feeLines(registration, levelId)
    .filter((line) => line.mode === 'online')
    .reduce((sum, line) => sum + line.rupees, 0);
}

/**
 * A UPI payee address (VPA), e.g. `kidstalent@okaxis`: a handle, `@`, and the bank's or app's
 * name. What the NPCI allows, and nothing that could break out of a `upi://` link.
 */
export const upiAddressSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9.-]{1,64}$/, { error: 'A UPI address looks like name@bank, e.g. kidstalent@okaxis.' });

/**
 * The UPI transaction reference (UTR) a family reads in its UPI app after paying: 12 digits.
 * Apps show it with spaces or as "UTR: …"; only the digits are kept.
 */
export const utrSchema = z
  .string()
  .transform((value) => value.replace(/^\s*(?:UTR|UPI\s*Ref(?:\.|erence)?(?:\s*No\.?)?)\s*[:#-]?\s*/i, '').replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{12}$/, { error: 'The UPI reference (UTR) is the 12-digit number your UPI app shows for the payment.' }));

/**
 * The `upi://pay` link a UPI app opens with everything filled in (NPCI's linking specification):
 * the payee, the exact amount in rupees with paise, and our reference code as both the note a
 * bank statement may carry and the transaction reference.
 */
export function upiPayLink(payment: { address: string; payeeName: string; rupees: number; referenceCode: string }): string {
  const parameters = new URLSearchParams({
    pa: payment.address,
    pn: payment.payeeName,
    am: payment.rupees.toFixed(2),
    cu: 'INR',
    tn: payment.referenceCode,
    tr: payment.referenceCode,
  });
  // URLSearchParams writes a space as "+", which some UPI apps show as a plus: use %20.
  return `upi://pay?${parameters.toString().replace(/\+/g, '%20')}`;
}

/**
 * A registration's payment status, from its ledger (ADR 024): what is due against what was paid,
 * refunded and waived, and whether the family reported a UPI payment not yet confirmed. Computed
 * by the server (payment-store.ts); these are its words.
 */
export const PAYMENT_STATUSES = ['nothing_due', 'unpaid', 'reported', 'part_paid', 'paid', 'overpaid', 'waived', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const isPaymentStatus = (value: string): value is PaymentStatus => (PAYMENT_STATUSES as readonly string[]).includes(value);

/** A UPI payment a family reports from its page (`POST /api/family/registration/payment-report`). */
export const paymentReportSchema = z.object({
  /** The device's id for the report: a replay from the outbox is stored once. */
  id: z.uuid(),
  utr: utrSchema,
  /** When the family reported it, on their device. */
  reportedAt: z.iso.datetime({ offset: true, error: 'The time on the device is not valid.' }),
});
export type PaymentReportInput = z.input<typeof paymentReportSchema>;

/** A receipt number as receipts and pages show it: R-000123. */
export const receiptLabel = (receiptNumber: number) => `R-${String(receiptNumber).padStart(6, '0')}`;
