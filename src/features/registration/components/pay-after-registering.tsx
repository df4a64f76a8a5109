import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { feeLines, upiPayLink } from '@domain/fees';
import type { CategorySlug } from '@domain/categories';
import type { RegistrationType } from '@domain/registration-rules';
import { api, readResponse } from '@/lib/api-client';
import { formatRupees } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/use-t';

/**
 * "Pay ₹N" on the confirmation screen (ADR 024): what the online contests cost, and on a phone a
 * button that opens the UPI app with everything filled in. Without a connection, or before the
 * organisers set up UPI, it says where the way to pay will be: the email and the private page.
 */
export function PayAfterRegistering({ registration, code }: { registration: { type: RegistrationType; categories: readonly CategorySlug[] }; code: string }) {
  const { t, lang } = useT();
  const settings = useQuery({
    queryKey: ['payment-settings'],
    queryFn: async () => readResponse(await api['payment-settings'].$get()),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const online = feeLines(registration).filter((line) => line.mode === 'online');
  const rupees = online.reduce((sum, line) => sum + line.rupees, 0);
  if (rupees === 0) return null;
  const amount = formatRupees(rupees, lang);
  const upi = settings.data?.upi;
  const link = upi ? upiPayLink({ address: upi.address, payeeName: upi.payeeName, rupees, referenceCode: code }) : null;
  return (
    <div className="panel registration-success__pay">
      <p>
        <strong>{t('registration.pay', { amount, count: online.length })}</strong>
      </p>
      {link ? (
        <a className="button button--primary" href={link}>
          {t('family.pay.app', { amount })}
        </a>
      ) : null}
      {link ? <PayQrCode link={link} alt={t('family.pay.qrAlt', { amount })} /> : null}
      {link ? <p className="registration-success__on-computer">{t('registration.payOnComputer')}</p> : <p>{t('registration.payWhere')}</p>}
    </div>
  );
}

/**
 * On a computer (a fine pointer: no UPI app to open), the same link as a QR code to scan with the
 * phone. The encoder loads only there, after registering.
 */
function PayQrCode({ link, alt }: { link: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!window.matchMedia('(hover: hover) and (pointer: fine)').matches) return;
    let current = true;
    void import('qrcode')
      // A CommonJS package: its functions are the module's default export in the browser build.
      .then((module) => (module.default ?? module).toDataURL(link, { errorCorrectionLevel: 'M', margin: 2, scale: 6 }))
      .then((url) => {
        if (current) setSrc(url);
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [link]);
  return src ? <img className="registration-success__qr" src={src} width={180} height={180} alt={alt} /> : null;
}
