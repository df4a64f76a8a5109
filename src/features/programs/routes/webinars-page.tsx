import { Link } from 'react-router-dom';
import { WEBINAR as WEBINAR_EN } from '@/config/season';
import { webinarText } from '@/config/season-text';
import { useT } from '@/lib/i18n/use-t';
import { WebinarCountdown } from '../components/webinar-countdown';

export function WebinarsPage() {
  const { t, to, lang } = useT();
  const WEBINAR = webinarText(lang);
  return (
    <div className="stack">
      <section className="page" aria-labelledby="webinar-heading">
        <p className="eyebrow">{t('webinar.eyebrow')}</p>
        <h1 id="webinar-heading">{WEBINAR.title}</h1>
        <p className="lead">{WEBINAR.subtitle}</p>
        <dl className="facts">
          <div>
            <dt>{t('webinar.date')}</dt>
            <dd>{WEBINAR.dateLabel}</dd>
          </div>
          <div>
            <dt>{t('webinar.time')}</dt>
            <dd>{WEBINAR.timeLabel}</dd>
          </div>
          <div>
            <dt>{t('webinar.where')}</dt>
            <dd>{WEBINAR.platform}</dd>
          </div>
        </dl>
        <WebinarCountdown startsAt={WEBINAR_EN.startsAt} />
        <p className="badge-note">{WEBINAR.registeredNote}</p>
        <Link
          to={`${to('/contact')}?subject=${encodeURIComponent(t('webinar.subject', { date: WEBINAR.dateLabel }))}`}
          className="button button--primary button--large"
        >
          {t('contest.register')}
        </Link>
      </section>
      <section className="page" aria-labelledby="topics-heading">
        <h2 id="topics-heading">{t('webinar.topics')}</h2>
        <ul className="card-grid">
          {WEBINAR.topics.map((topic) => (
            <li key={topic.title} className="card">
              <h3 className="card__title">{topic.title}</h3>
              <p>{topic.text}</p>
            </li>
          ))}
        </ul>
        <p>{t('webinar.speakers')}</p>
      </section>
    </div>
  );
}
