import { SocialLinks } from '@/components/organiser-details';
import { useT } from '@/lib/i18n/use-t';
import { PageSection } from '@/components/page-section';
import { AppLink } from '@/components/app-link';

const WAYS = ['parents', 'volunteer', 'teach', 'schools'] as const;

export function CommunityPage() {
  const { t, to } = useT();
  return (
    <div className="stack">
      <PageSection id="community" title={t('community.title')} level={1} lead={t('community.lead')}>
        <ul className="card-grid card-grid--two">
          {WAYS.map((way) => (
            <li key={way} className="card">
              <h2 className="card__title">{t(`community.way.${way}.title`)}</h2>
              <p>{t(`community.way.${way}.text`)}</p>
            </li>
          ))}
        </ul>
        <div className="button-row">
          <AppLink to={to('/judgereg')} className="button button--primary">
            {t('community.teach')}
          </AppLink>
          <AppLink to={`${to('/contact')}?subject=${encodeURIComponent(t('community.volunteerSubject'))}`} className="button">
            {t('community.volunteer')}
          </AppLink>
        </div>
      </PageSection>
      <PageSection id="follow" title={t('community.follow')}>
        <p>{t('community.followLead')}</p>
        <SocialLinks className="chip-list" linkClassName="button" />
      </PageSection>
    </div>
  );
}
