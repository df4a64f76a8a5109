import { Link } from 'react-router-dom';
import { WEBINAR } from '@/config/season';
import { WebinarCountdown } from '../components/webinar-countdown';

export function WebinarsPage() {
  return (
    <div className="stack">
      <section className="page" aria-labelledby="webinar-heading">
        <p className="eyebrow">Free for registered families</p>
        <h1 id="webinar-heading">{WEBINAR.title}</h1>
        <p className="lead">{WEBINAR.subtitle}</p>
        <dl className="facts">
          <div>
            <dt>Date</dt>
            <dd>{WEBINAR.dateLabel}</dd>
          </div>
          <div>
            <dt>Time</dt>
            <dd>{WEBINAR.timeLabel}</dd>
          </div>
          <div>
            <dt>Where</dt>
            <dd>{WEBINAR.platform}</dd>
          </div>
        </dl>
        <WebinarCountdown startsAt={WEBINAR.startsAt} />
        <p className="badge-note">{WEBINAR.registeredNote}</p>
        <Link to={`/contact?subject=${encodeURIComponent(`Webinar registration: ${WEBINAR.dateLabel}`)}`} className="button button--primary button--large">
          Register Now
        </Link>
      </section>
      <section className="page" aria-labelledby="topics-heading">
        <h2 id="topics-heading">What we will talk about</h2>
        <ul className="card-grid">
          {WEBINAR.topics.map((topic) => (
            <li key={topic.title} className="card">
              <h3 className="card__title">{topic.title}</h3>
              <p>{topic.text}</p>
            </li>
          ))}
        </ul>
        <p>
          Our speakers are teachers, college counsellors and young professionals who turned music, art and sport into careers. Bring your
          questions: the last half hour is all yours.
        </p>
      </section>
    </div>
  );
}
