import { WEBINAR as WEBINAR_EN } from '@/config/season';
import { webinarText } from '@/config/season-text';
import { useT } from '@/lib/i18n/use-t';
import { WebinarCountdown } from '../components/webinar-countdown';
import { FactList } from '@/components/fact-list';
import { PageSection } from '@/components/page-section';
import { AppLink } from '@/components/app-link';

export function WebinarsPage() {
  const { t, to, lang } = useT();
  const WEBINAR = webinarText(lang);
  return (
    <div className="stack">
      <PageSection id="webinar" title={WEBINAR.title} level={1} eyebrow={t('webinar.eyebrow')} lead={WEBINAR.subtitle}>
        <FactList
          className="facts"
          facts={[
            [t('webinar.date'), WEBINAR.dateLabel],
            [t('webinar.time'), WEBINAR.timeLabel],
            [t('webinar.where'), WEBINAR.platform],
          ]}
        />
        <WebinarCountdown startsAt={WEBINAR_EN.startsAt} />
        <p className="badge-note">{WEBINAR.registeredNote}</p>
        <AppLink
          to={`${to('/contact')}?subject=${encodeURIComponent(t('webinar.subject', { date: WEBINAR.dateLabel }))}`}
          className="button button--primary button--large"
        >
          {t('contest.register')}
        </AppLink>
      </PageSection>
      <PageSection id="topics" title={t('webinar.topics')}>
        <ul className="card-grid">
          {WEBINAR.topics.map((topic) => (
            <li key={topic.title} className="card">
              <h3 className="card__title">{topic.title}</h3>
              <p>{topic.text}</p>
            </li>
          ))}
        </ul>
        <p>{t('webinar.speakers')}</p>
      </PageSection>
    </div>
  );
}
