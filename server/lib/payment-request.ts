import type { CategorySlug } from '@domain/categories';
import { feeLines, upiPayLink } from '@domain/fees';
import type { RegistrationType } from '@domain/registration-rules';
import type { Env } from '../env';
import { qrDataUrl } from '../mail/qr-code';

/**
 * What a family is asked to pay, and how (DECISIONS.md, "Fees"): the online contests' fee by UPI
 * to the organiser's address, the in-person contests' fee in cash at the venue.
 */
export type PaymentTerms = {
  online: { rupees: number; contests: number };
  atVenue: { rupees: number; contests: number };
  /** The `upi://pay` link; null when the organiser has set no UPI address, or nothing is due online. */
  upi: { link: string; address: string; payeeName: string } | null;
};

type Payable = { type: RegistrationType; categories: readonly CategorySlug[]; referenceCode: string; cancelledAt: string | null };

/**
 * Null when nothing is asked: an institute's registration, or a cancelled one (a cancelled
 * registration is never chased).
 */
export function paymentTerms(registration: Payable, env: Pick<Env, 'UPI_VPA' | 'UPI_PAYEE_NAME'>): PaymentTerms | null {
  const lines = feeLines(registration);
  if (lines.length === 0 || registration.cancelledAt) return null;
  const sum = (mode: 'online' | 'in-person') => {
    const ofMode = lines.filter((line) => line.mode === mode);
    return { rupees: ofMode.reduce((total, line) => total + line.rupees, 0), contests: ofMode.length };
  };
  const online = sum('online');
  const upi =
    env.UPI_VPA && online.rupees > 0
      ? {
          link: upiPayLink({ address: env.UPI_VPA, payeeName: env.UPI_PAYEE_NAME, rupees: online.rupees, referenceCode: registration.referenceCode }),
          address: env.UPI_VPA,
          payeeName: env.UPI_PAYEE_NAME,
        }
      : null;
  return { online, atVenue: sum('in-person'), upi };
}

/** The terms as the family's page shows them: with a QR code of the UPI link, to scan from a computer. */
export async function paymentRequest(registration: Payable, env: Pick<Env, 'UPI_VPA' | 'UPI_PAYEE_NAME'>) {
  const terms = paymentTerms(registration, env);
  if (!terms) return null;
  return { ...terms, upi: terms.upi ? { ...terms.upi, qrCode: await qrDataUrl(terms.upi.link) } : null };
}
