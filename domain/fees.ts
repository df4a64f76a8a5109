import { z } from './zod';
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
  const parameters: [string, string][] = [
    ['pa', payment.address],
    ['pn', payment.payeeName],
    ['am', payment.rupees.toFixed(2)],
    ['cu', 'INR'],
    ['tn', payment.referenceCode],
    ['tr', payment.referenceCode],
  ];
  // Each value percent-encoded (a space as %20, never "+", which some apps show as a plus), but
  // the payee's "@" as it is: the specification and every app's examples write pa=name@bank, and
  // some apps do not read pa=name%40bank as an address.
  const encode = (key: string, value: string) => (key === 'pa' ? encodeURIComponent(value).replace(/%40/g, '@') : encodeURIComponent(value));
  return `upi://pay?${parameters.map(([key, value]) => `${key}=${encode(key, value)}`).join('&')}`;
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

/**
 * A registration's reports not yet found in the ledger (no live entry carries their UTR) that it
 * may hold at once: a mistyped number or two, not a list of guesses for the admins to sift.
 */
export const MAX_OPEN_PAYMENT_REPORTS = 3;
export const TOO_MANY_OPEN_REPORTS = `We already have ${MAX_OPEN_PAYMENT_REPORTS} payment references for this registration that we have not yet found in our bank statement. We will check those first, so there is no need to send another.`;

/** A receipt number as receipts and pages show it: R-000123. */
export const receiptLabel = (receiptNumber: number) => `R-${String(receiptNumber).padStart(6, '0')}`;

/** An amount an admin types, in rupees with at most two digits of paise. */
export const amountRupeesSchema = z.coerce
  .number({ error: 'Enter the amount in rupees.' })
  .positive({ error: 'Enter an amount above ₹0.' })
  .max(100_000, { error: 'Enter an amount up to ₹1,00,000.' })
  .refine((value) => Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
    error: 'Enter the amount in rupees and paise, e.g. 99 or 99.50.',
  });

/**
 * What an admin records by hand (ADR 024): a payment received outside a statement (cash at the
 * office, a transfer seen in the bank's app), a waiver with its reason, a refund with its reason.
 */
export const ledgerEntryInputSchema = z
  .object({
    /** The admin page's id for the entry: a repeated click or a retry records it once. */
    id: z.uuid({ error: 'The entry id must be a UUID.' }),
    kind: z.enum(['payment', 'waiver', 'refund'], { error: 'Choose payment, waiver or refund.' }),
    method: z.enum(['cash', 'upi', 'bank'], { error: 'Choose cash, UPI or bank transfer.' }).optional(),
    amountRupees: amountRupeesSchema,
    reference: z.string().trim().max(100, { error: 'Keep the reference under 100 characters.' }).optional().transform((v) => (v ? v : undefined)),
    reason: z.string().trim().max(300, { error: 'Keep the reason under 300 characters.' }).optional().transform((v) => (v ? v : undefined)),
    occurredAt: z.iso.datetime({ offset: true, error: 'Enter when the money moved.' }),
  })
  .superRefine((entry, context) => {
    if (entry.kind === 'waiver' && entry.method) context.addIssue({ code: 'custom', path: ['method'], message: 'A waiver has no payment method.' });
    if (entry.kind !== 'waiver' && !entry.method) context.addIssue({ code: 'custom', path: ['method'], message: 'Choose cash, UPI or bank transfer.' });
    if (entry.kind !== 'payment' && !entry.reason) context.addIssue({ code: 'custom', path: ['reason'], message: 'Say why: a waiver or a refund needs its reason.' });
    if (entry.kind === 'payment' && entry.reason) context.addIssue({ code: 'custom', path: ['reason'], message: 'A payment has no reason; put its reference instead.' });
  });
export type LedgerEntryInput = z.input<typeof ledgerEntryInputSchema>;

/** Voiding an entry recorded by mistake: it stays in the ledger, marked, with why. */
export const voidEntrySchema = z.object({
  reason: z.string().trim().min(3, { error: 'Say why this entry is voided.' }).max(300, { error: 'Keep the reason under 300 characters.' }),
});
