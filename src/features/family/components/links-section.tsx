import { useT } from '@/lib/i18n/use-t';
import { useTurnOffOlderLinks } from '../api/turn-off-older-links';
import { failureText } from '../utils/format';
import { ConfirmedActionSection } from './confirmed-action-section';

/**
 * Every link we emailed keeps working until the data is erased (ADR 013, issue 44); for a lost
 * phone or a forwarded email the family turns off all of them but the one open here.
 */
export function LinksSection({ token }: { token: string }) {
  const { t, lang } = useT();
  const turnOff = useTurnOffOlderLinks(token);
  return (
    <ConfirmedActionSection
      id="links-heading"
      words={{
        title: t('family.links.title'),
        text: t('family.links.text'),
        open: t('family.links.open'),
        confirmTitle: t('family.links.confirmTitle'),
        confirmText: t('family.links.confirmText'),
        yes: t('family.links.yes'),
        working: t('family.links.turningOff'),
        keep: t('family.links.keep'),
      }}
      action={turnOff}
      failure={failureText(turnOff.error, t('family.links.failed'), lang)}
      done={turnOff.data ? <p className="form-notice form-notice--success">{t('family.links.done', { count: turnOff.data.turnedOff })}</p> : null}
    />
  );
}
