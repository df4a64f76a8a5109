import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useT } from '@/lib/i18n/use-t';
import { useDownloadMyData } from '../api/download-my-data';
import type { FamilyRegistrationAnswer } from '../api/family-keys';
import { useRequestErasure } from '../api/request-erasure';
import { failureText, formatDay } from '../utils/format';
import { FamilySection } from './family-section';

/** The family's rights over their data (DPDP Act 2023): a copy of everything, and erasure. */
export function MyDataSection({ token, erasureRequest }: { token: string; erasureRequest: FamilyRegistrationAnswer['erasureRequest'] }) {
  const { t, lang } = useT();
  const download = useDownloadMyData(token);
  const erase = useRequestErasure(token);
  const [confirming, setConfirming] = useState(false);
  const downloadFailure = failureText(download.error, t('family.data.downloadFailed'), lang);
  const eraseFailure = failureText(erase.error, t('family.data.eraseFailed'), lang);
  return (
    <FamilySection headingId="my-data-heading" title={t('family.data.title')}>
      <p>{t('family.data.text')}</p>
      <div className="family-actions">
        <button type="button" className="button" onClick={() => download.mutate()} disabled={download.isPending}>
          {download.isPending ? t('family.data.preparing') : t('family.data.download')}
        </button>
        {erasureRequest?.status === 'open' ? null : (
          <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
            {t('family.data.erase')}
          </button>
        )}
      </div>
      <div role="status">
        {erasureRequest?.status === 'open' ? (
          <p className="form-notice form-notice--info">
            {t('family.data.asked', { asked: formatDay(erasureRequest.requestedAt, lang), due: formatDay(erasureRequest.dueAt, lang) })}
          </p>
        ) : null}
      </div>
      {downloadFailure || eraseFailure ? (
        <p className="form-notice form-notice--error" role="alert">
          {downloadFailure ?? eraseFailure}
        </p>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          words={{ title: t('family.data.confirmTitle'), confirm: t('family.data.yes'), confirming: t('family.data.sending'), keep: t('family.data.keep') }}
          busy={erase.isPending}
          onConfirm={() => erase.mutate(undefined, { onSettled: () => setConfirming(false) })}
          onClose={() => setConfirming(false)}
        >
          <p>{t('family.data.confirmText')}</p>
        </ConfirmDialog>
      ) : null}
    </FamilySection>
  );
}
