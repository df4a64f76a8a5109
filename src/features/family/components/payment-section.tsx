import { formatRupees } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/use-t';
import { CONTACT } from '@/config/season';
import type { FamilyRegistrationAnswer } from '../api/family-keys';

type Payment = NonNullable<FamilyRegistrationAnswer['payment']>;

/**
 * "Pay ₹N" (issue "Fees"): on a phone, a button that opens the family's UPI app with everything
 * filled in; elsewhere, a QR code of the same link to scan with the phone. The reference code
 * goes with the payment, so the organisers can match it. Without a UPI address, how to pay at the
 * venue. In-person contests are paid in cash at the venue either way.
 */
export function PaymentSection({ payment, referenceCode }: { payment: Payment; referenceCode: string }) {
  const { t, lang } = useT();
  const { online, atVenue, upi } = payment;
  return (
    <section className="family-section family-payment" aria-labelledby="payment-heading">
      <h2 id="payment-heading">{t('family.pay.title')}</h2>
      {online.rupees > 0 ? (
        <>
          <p className="family-payment__amount">
            {t('family.pay.online', { amount: formatRupees(online.rupees, lang), count: online.contests })}
          </p>
          {upi ? (
            <>
              <a className="button button--primary family-payment__app" href={upi.link}>
                {t('family.pay.app', { amount: formatRupees(online.rupees, lang) })}
              </a>
              <div className="family-payment__qr">
                <img src={upi.qrCode} width={200} height={200} alt={t('family.pay.qrAlt', { amount: formatRupees(online.rupees, lang) })} />
                <p>{t('family.pay.scan')}</p>
              </div>
              <p className="family-muted">{t('family.pay.to', { name: upi.payeeName, address: upi.address, code: referenceCode })}</p>
            </>
          ) : (
            <p>{t('family.pay.noUpi', { phone: CONTACT.phone, email: CONTACT.email })}</p>
          )}
        </>
      ) : null}
      {atVenue.rupees > 0 ? <p>{t('family.pay.atVenue', { amount: formatRupees(atVenue.rupees, lang), count: atVenue.contests })}</p> : null}
    </section>
  );
}
