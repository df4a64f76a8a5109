import { useT } from '@/lib/i18n/use-t';
import { useCancelRegistration } from '../api/cancel-registration';
import { failureText } from '../utils/format';
import { ConfirmedActionSection } from './confirmed-action-section';

/** Cancelling, with a confirmation step: the organisers then see the registration as cancelled by the family. */
export function CancelSection({ token, label }: { token: string; label: string }) {
  const { t, lang } = useT();
  const cancel = useCancelRegistration(token);
  return (
    <ConfirmedActionSection
      id="cancel-heading"
      words={{
        title: t('family.cancel.title'),
        text: t('family.cancel.text', { name: label }),
        open: t('family.cancel.open'),
        confirmTitle: t('family.cancel.confirmTitle'),
        confirmText: t('family.cancel.confirmText', { name: label }),
        yes: t('family.cancel.yes'),
        working: t('family.cancel.cancelling'),
        keep: t('family.cancel.keep'),
      }}
      action={cancel}
      failure={failureText(cancel.error, t('family.cancel.failed'), lang)}
    />
  );
}
