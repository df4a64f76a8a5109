import { PRIVACY_NOTICE, RETENTION_DAYS_AFTER_LAST_EVENT, retentionDate } from '@domain/season';
import { CONTACT } from '@/config/season';
import { formatDay } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/use-t';
import { AppLink } from '@/components/app-link';

const STORED = ['name', 'contests', 'contact', 'code', 'consent', 'venue'] as const;
const REASONS = ['place', 'contact', 'certificates'] as const;
const KEPT = ['server', 'queued', 'sent'] as const;

/**
 * What the site keeps about children, why, and for how long: the privacy notice a parent agrees
 * to when registering (PRIVACY_NOTICE.version). The erasure date comes from the season data.
 */
export function PrivacyPage() {
  const { t, to, lang } = useT();
  const values = { date: formatDay(retentionDate(), lang), days: RETENTION_DAYS_AFTER_LAST_EVENT };
  return (
    <article className="page page--narrow prose" aria-labelledby="privacy-heading">
      <h1 id="privacy-heading">{t('privacy.title')}</h1>
      <p className="lead">{t('privacy.lead')}</p>

      <h2>{t('privacy.what.title')}</h2>
      <Bullets items={STORED.map((item) => t(`privacy.what.${item}`))} />
      <p>{t('privacy.what.never')}</p>

      <h2>{t('privacy.why.title')}</h2>
      <Bullets items={REASONS.map((item) => t(`privacy.why.${item}`))} />

      <h2>{t('privacy.keep.title')}</h2>
      <ul>
        {KEPT.map((item) => (
          <li key={item}>
            <strong>{t(`privacy.keep.${item}Label`)}</strong> {t(`privacy.keep.${item}`, values)}
          </li>
        ))}
      </ul>

      <h2>{t('privacy.others.title')}</h2>
      <p>{t('privacy.others.text')}</p>

      <h2>{t('privacy.who.title')}</h2>
      <p>{t('privacy.who.text')}</p>

      <h2>{t('privacy.rights.title')}</h2>
      <p>{t('privacy.rights.link')}</p>
      <p>
        {t('privacy.rights.lost')} <AppLink to={to('/find-my-registration')}>{t('privacy.rights.find')}</AppLink>. {t('privacy.rights.write')}{' '}
        <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a> {t('privacy.rights.call')} <a href={CONTACT.phoneHref}>{CONTACT.phone}</a>.{' '}
        {t('privacy.rights.days', { days: PRIVACY_NOTICE.erasureAnswerDays })}
      </p>
    </article>
  );
}

function Bullets({ items }: { items: readonly string[] }) {
  return (
    <ul>
      {items.map((text) => (
        <li key={text}>{text}</li>
      ))}
    </ul>
  );
}
