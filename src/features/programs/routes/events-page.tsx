import { Link } from 'react-router-dom';
import { LEVELS, SEASON, WEBINAR } from '@/config/season';

export function EventsPage() {
  return (
    <div className="stack">
      <section className="page" aria-labelledby="events-heading">
        <p className="eyebrow">The {SEASON.year} season</p>
        <h1 id="events-heading">Events</h1>
        <p className="lead">From the first online round in April to the grand finals at the end of December, here is the whole season.</p>
        <ol className="timeline">
          {LEVELS.map((level) => (
            <li key={level.id} className="timeline__item">
              <h2 className="timeline__title">{level.title}</h2>
              <p className="timeline__date">{level.date}</p>
              <p>{level.description}</p>
              <p>
                <strong>Venue:</strong> {level.venue}
                {level.fee ? (
                  <>
                    <br />
                    <strong>Fee:</strong> {level.fee}
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
              A free evening on careers after 10th, after 12th and during graduation. <Link to="/webinars">Read more about the webinar</Link>.
            </p>
          </li>
        </ol>
      </section>
      <section className="page" aria-labelledby="baby-heading">
        <h2 id="baby-heading">In-person baby contests</h2>
        <p>
          Our two gentlest events happen in person at the Level 1 centres: <Link to="/contest/crawling">Crawling (5-9 months)</Link> and{' '}
          <Link to="/contest/fastest-walking">Fastest Walking (9-15 months)</Link>. Padded mats, a feeding room and plenty of cheering.
        </p>
        <Link to="/registration" className="button button--primary">
          Register for an event
        </Link>
      </section>
    </div>
  );
}
