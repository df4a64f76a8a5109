import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useT } from '@/lib/i18n/use-t';
import { useTurnOffOlderLinks } from '../api/turn-off-older-links';
import { failureText } from '../utils/format';

/**
 * Every link we emailed keeps working until the data is erased (ADR 013, issue 44); for a lost
 * phone or a forwarded email the family turns off all of them but the one open here.
 */
export function LinksSection({ token }: { token: string }) {
  const { t, lang } = useT();
  const [confirming, setConfirming] = useState(false);
  const turnOff = useTurnOffOlderLinks(token);
  const failure = failureText(turnOff.error, t('family.links.failed'), lang);
  return (
    <section className="family-section" aria-labelledby="links-heading">
      <h2 id="links-heading">{t('family.links.title')}</h2>
      <p>{t('family.links.text')}</p>
      <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
        {t('family.links.open')}
      </button>
      <div role="status">
        {turnOff.data ? <p className="form-notice form-notice--success">{t('family.links.done', { count: turnOff.data.turnedOff })}</p> : null}
      </div>
      {failure ? (
        <p className="form-notice form-notice--error" role="alert">
          {failure}
        </p>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          words={{ title: t('family.links.confirmTitle'), confirm: t('family.links.yes'), confirming: t('family.links.turningOff'), keep: t('family.links.keep') }}
          busy={turnOff.isPending}
          onConfirm={() => turnOff.mutate(undefined, { onSettled: () => setConfirming(false) })}
          onClose={() => setConfirming(false)}
        >
          <p>{t('family.links.confirmText')}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
