import { lazy, Suspense } from 'react';
import { CONTACT } from '@/config/season';
import { formatRupees } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/use-t';
import type { FamilyRegistrationAnswer } from '../api/family-keys';
import { formatDay } from '../utils/format';
import { FamilySection } from './family-section';

// The form saves through the outbox (IndexedDB): it loads only for a family that has something to report.
const ReportPaymentForm = lazy(() => import('./report-payment-form').then((m) => ({ default: m.ReportPaymentForm })));

type Payment = NonNullable<FamilyRegistrationAnswer['payment']>;

/**
 * The entry fee (issue "Fees"; ADR 024): where the payment stands, what is left to pay and how. On
 * a phone, a button opens the family's UPI app with everything filled in, and the QR code of the
 * same link can be saved to scan from the gallery in an app the link does not open; elsewhere, the
 * QR code to scan with the phone. Without a UPI address, how to pay at the venue. The
 * in-person contests are paid in cash at the venue either way. After paying, the family can type
 * the UPI reference (UTR) so the organisers confirm it sooner; it waits in the outbox if offline.
 */
export function PaymentSection({ token, payment, referenceCode }: { token: string; payment: Payment; referenceCode: string }) {
  const { t, lang } = useT();
  const { online, atVenue, upi, status, receipts } = payment;
  const canReport = !payment.cancelled && online.rupees > 0 && ['unpaid', 'reported', 'part_paid'].includes(status);
  return (
    <FamilySection headingId="payment-heading" className="family-payment" title={t('family.pay.title')}>
      <p>
        {t('family.pay.status')} <strong className={`family-payment__status family-payment__status--${status}`}>{t(`family.pay.status.${status}`)}</strong>
      </p>
      {upi ? (
        <>
          <p className="family-payment__amount">{t('family.pay.online', { amount: formatRupees(upi.rupees, lang), count: online.contests })}</p>
          <div className="family-payment__phone">
            <a className="button button--primary" href={upi.link}>
              {t('family.pay.app', { amount: formatRupees(upi.rupees, lang) })}
            </a>
            <p>
              <a className="button" href={upi.qrCode} download={`${referenceCode}-upi.png`}>
                {t('family.pay.save')}
              </a>
            </p>
            <p className="family-muted">{t('family.pay.saveHint')}</p>
          </div>
          <div className="family-payment__qr">
            <img src={upi.qrCode} width={200} height={200} alt={t('family.pay.qrAlt', { amount: formatRupees(upi.rupees, lang) })} />
            <p>{t('family.pay.scan')}</p>
          </div>
          <p className="family-muted">{t('family.pay.to', { name: upi.payeeName, address: upi.address, code: referenceCode })}</p>
        </>
      ) : canReport && status === 'unpaid' ? (
        <>
          <p className="family-payment__amount">{t('family.pay.online', { amount: formatRupees(online.rupees, lang), count: online.contests })}</p>
          <p>{t('family.pay.noUpi', { phone: CONTACT.phone, email: CONTACT.email })}</p>
        </>
      ) : null}
      {atVenue.rupees > 0 && !payment.cancelled ? (
        <p>{t('family.pay.atVenue', { amount: formatRupees(atVenue.rupees, lang), count: atVenue.contests })}</p>
      ) : null}
      {receipts.length > 0 ? (
        <ul className="family-payment__receipts">
          {receipts.map((receipt) => (
            <li key={receipt.number}>
              {t('family.pay.receipt', { number: receipt.number, amount: formatRupees(receipt.rupees, lang), date: formatDay(receipt.at, lang) })}
            </li>
          ))}
        </ul>
      ) : null}
      {payment.reports.length > 0 && (status === 'reported' || status === 'part_paid') ? (
        <p className="family-muted">{t('family.pay.reported', { utr: payment.reports.map((report) => report.utr).join(', ') })}</p>
      ) : null}
      {canReport && upi ? (
        <Suspense fallback={null}>
          <ReportPaymentForm token={token} referenceCode={referenceCode} />
        </Suspense>
      ) : null}
    </FamilySection>
  );
}
