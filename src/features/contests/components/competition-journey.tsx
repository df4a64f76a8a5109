import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dialog } from '@/components/dialog';
import { LEVELS, type Level, type LevelId } from '@/config/season';

/** The original site's popup-to-registration delay (docs/product.md). */
const REGISTER_DELAY_MS = 50;

function DetailList({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <div className="level-detail">
      <h3>{title}</h3>
      <ul>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

function LevelDetails({ level }: { level: Level }) {
  return (
    <>
      <p className="level-date">
        <strong>Date:</strong> {level.date}
      </p>
      <p>{level.description}</p>
      <dl className="level-facts">
        <div>
          <dt>Venue</dt>
          <dd>{level.venue}</dd>
        </div>
        <div>
          <dt>Format</dt>
          <dd>{level.format}</dd>
        </div>
        {level.fee ? (
          <div>
            <dt>Fee</dt>
            <dd>{level.fee}</dd>
          </div>
        ) : null}
      </dl>
      <div className="level-details-grid">
        <DetailList title="Requirements" items={level.requirements} />
        <DetailList title="Timeline" items={level.timeline} />
        <DetailList title="Locations" items={level.locations} />
        <DetailList title="Schedule" items={level.schedule} />
        <DetailList title="Amenities" items={level.amenities} />
      </div>
    </>
  );
}

export function CompetitionJourney() {
  const [openLevel, setOpenLevel] = useState<LevelId | null>(null);
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const level = LEVELS.find((l) => l.id === openLevel);

  return (
    <section className="page journey" aria-labelledby="journey-heading">
      <h2 id="journey-heading">Competition Journey</h2>
      <p>Three levels, one season. Choose a level to see its dates, venue and everything you need to bring.</p>
      <ol className="journey__levels">
        {LEVELS.map((item) => (
          <li key={item.id}>
            <button type="button" className="journey__level" onClick={() => setOpenLevel(item.id)} aria-haspopup="dialog">
              <span className="journey__number" aria-hidden="true">
                {item.number}
              </span>
              <span className="journey__title">{item.title}</span>
              <span className="journey__date">{item.date}</span>
            </button>
          </li>
        ))}
      </ol>
      {level ? (
        <Dialog
          title={level.title}
          onClose={() => setOpenLevel(null)}
          footer={
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                setOpenLevel(null);
                timer.current = setTimeout(() => void navigate('/registration'), REGISTER_DELAY_MS);
              }}
            >
              Register for This Level
            </button>
          }
        >
          <LevelDetails level={level} />
        </Dialog>
      ) : null}
    </section>
  );
}
