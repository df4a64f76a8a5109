import { useParams } from 'react-router-dom';
import { ageBandLabel, awardLabel, certificateBand, type Award } from '@domain/certificates';
import { isCategorySlug } from '@domain/categories';
import { contestName } from '@domain/contest-names';
import { raceTimeLabel } from '@domain/live-judging';
import { formatDay } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/use-t';
import { useHallFeed, type HallFeed } from '../api/hall-feed';
import '../hall-screen.css';

/**
 * /results/live/<session> (and /ta/…), issue 45: the page a venue puts on its projector or TV.
 * It shows the session, then its results the moment they are published, without a reload, large
 * enough to read from across the hall, in the page's language, each child as the family chose
 * (first name and initial, or the reference code). Once loaded it keeps working when the
 * connection drops: the last results stay on screen.
 */
export function HallScreenPage() {
  const { sessionId = '' } = useParams();
  const { t, lang } = useT();
  const { feed, problem } = useHallFeed(sessionId);
  if (problem === 'not-found') return <p className="hall__message">{t('hall.notFound')}</p>;
  if (!feed) return <p className="hall__message">{problem === 'offline' ? t('hall.offline') : t('hall.loading')}</p>;
  const { session } = feed;
  const contest = isCategorySlug(session.category) ? contestName(session.category, lang) : session.category;
  const band = ageBandLabel(certificateBand(session.category, session.ageBand), lang);
  return (
    <div className="hall">
      <header className="hall__header">
        <h1>
          {contest} · {band}
        </h1>
        <p>
          {session.venue} · {formatDay(session.date, lang)} · {session.startTime}
        </p>
      </header>
      {feed.results ? <Places feed={feed} /> : <p className="hall__waiting">{t('hall.waiting')}</p>}
      <p className="hall__connection" role="status">
        {problem === 'offline' ? t('hall.reconnecting') : ''}
      </p>
    </div>
  );
}

function Places({ feed }: { feed: HallFeed }) {
  const { t, lang } = useT();
  return (
    <section aria-labelledby="hall-results">
      <h2 id="hall-results">{t('hall.results')}</h2>
      <ol className="hall__places">
        {feed.results!.map((row, index) => (
          <li key={`${row.place}-${row.number ?? index}`} className={`hall__place hall__place--${row.place <= 3 ? row.place : 'rest'}`}>
            <span className="hall__rank">{row.place}</span>
            <span className="hall__name">{row.name}</span>
            <span className="hall__award">{awardLabel(row.award as Award, lang)}</span>
            <span className="hall__score">
              {row.final !== null ? row.final.toFixed(2) : row.timeMs !== null ? raceTimeLabel(row.timeMs, lang) : ''}
              {feed.session.judging === 'panel' && row.number !== null ? ` · ${t('hall.number', { number: row.number })}` : ''}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
