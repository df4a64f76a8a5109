import { Link } from 'react-router-dom';
import { SocialLinks } from '@/components/organiser-details';
import { useT } from '@/lib/i18n/use-t';

const WAYS = ['parents', 'volunteer', 'teach', 'schools'] as const;

export function CommunityPage() {
  const { t, to } = useT();
  return (
    <div className="stack">
      <section className="page" aria-labelledby="community-heading">
        <h1 id="community-heading">{t('community.title')}</h1>
        <p className="lead">{t('community.lead')}</p>
        <ul className="card-grid card-grid--two">
          {WAYS.map((way) => (
            <li key={way} className="card">
              <h2 className="card__title">{t(`community.way.${way}.title`)}</h2>
              <p>{t(`community.way.${way}.text`)}</p>
            </li>
          ))}
        </ul>
        <div className="button-row">
          <Link to={to('/judgereg')} className="button button--primary">
            {t('community.teach')}
          </Link>
          <Link to={`${to('/contact')}?subject=${encodeURIComponent(t('community.volunteerSubject'))}`} className="button">
            {t('community.volunteer')}
          </Link>
        </div>
      </section>
      <section className="page" aria-labelledby="follow-heading">
        <h2 id="follow-heading">{t('community.follow')}</h2>
        <p>{t('community.followLead')}</p>
        <SocialLinks className="chip-list" linkClassName="button" />
      </section>
    </div>
  );
}
