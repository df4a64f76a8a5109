import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useT } from '@/lib/i18n/use-t';
import { useCancelRegistration } from '../api/cancel-registration';
import { failureText } from '../utils/format';

/** Cancelling, with a confirmation step: the organisers then see the registration as cancelled by the family. */
export function CancelSection({ token, label }: { token: string; label: string }) {
  const { t, lang } = useT();
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelRegistration(token);
  const failure = failureText(cancel.error, t('family.cancel.failed'), lang);
  return (
    <section className="family-section" aria-labelledby="cancel-heading">
      <h2 id="cancel-heading">{t('family.cancel.title')}</h2>
      <p>{t('family.cancel.text', { name: label })}</p>
      <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
        {t('family.cancel.open')}
      </button>
      {failure ? (
        <p className="form-notice form-notice--error" role="alert">
          {failure}
        </p>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          words={{ title: t('family.cancel.confirmTitle'), confirm: t('family.cancel.yes'), confirming: t('family.cancel.cancelling'), keep: t('family.cancel.keep') }}
          busy={cancel.isPending}
          onConfirm={() => cancel.mutate(undefined, { onSettled: () => setConfirming(false) })}
          onClose={() => setConfirming(false)}
        >
          <p>{t('family.cancel.confirmText', { name: label })}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
