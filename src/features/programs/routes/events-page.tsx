import { SEASON } from '@/config/season';
import { levelsText, webinarText } from '@/config/season-text';
import { useT } from '@/lib/i18n/use-t';
import { PageSection } from '@/components/page-section';
import { AppLink } from '@/components/app-link';

export function EventsPage() {
  const { t, to, lang } = useT();
  const WEBINAR = webinarText(lang);
  return (
    <div className="stack">
      <PageSection id="events" title={t('sidebar.events')} level={1} eyebrow={t('events.eyebrow', { year: SEASON.year })} lead={t('events.lead')}>
        <ol className="timeline">
          {levelsText(lang).map((level) => (
            <li key={level.id} className="timeline__item">
              <h2 className="timeline__title">{level.title}</h2>
              <p className="timeline__date">{level.date}</p>
              <p>{level.description}</p>
              <p>
                <strong>{t('level.venue')}:</strong> {level.venue}
                {level.fee ? (
                  <>
                    <br />
                    <strong>{t('level.fee')}:</strong> {level.fee}
                  </>
                ) : null}
              </p>
            </li>
          ))}
          <li className="timeline__item">
            <h2 className="timeline__title">{WEBINAR.title}</h2>
            <p className="timeline__date">
              {WEBINAR.dateLabel}, {WEBINAR.timeLabel}
            </p>
            <p>
              {t('events.webinar')} <AppLink to={to('/webinars')}>{t('events.webinarMore')}</AppLink>
            </p>
          </li>
        </ol>
      </PageSection>
      <PageSection id="baby" title={t('events.baby')}>
        <p>
          {t('events.babyIntro')} <AppLink to={to('/contest/crawling')}>{t('data.contest.crawling.title')}</AppLink>
          {t('events.and')}
          <AppLink to={to('/contest/fastest-walking')}>{t('data.contest.fastest-walking.title')}</AppLink>
          {t('events.babyOutro')}
        </p>
        <AppLink to={to('/registration')} className="button button--primary">
          {t('events.register')}
        </AppLink>
      </PageSection>
    </div>
  );
}
