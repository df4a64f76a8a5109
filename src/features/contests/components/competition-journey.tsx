import { useT } from '@/lib/i18n/use-t';
import { levelsText } from '@/config/season-text';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dialog } from '@/components/dialog';
import { FactList } from '@/components/fact-list';
import type { Level, LevelId } from '@/config/season';

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
  const { t } = useT();
  return (
    <>
      <p className="level-date">
        <strong>{t('level.date')}:</strong> {level.date}
      </p>
      <p>{level.description}</p>
      <FactList
        className="level-facts"
        facts={[
          [t('level.venue'), level.venue],
          [t('level.format'), level.format],
          [t('level.fee'), level.fee],
        ]}
      />
      <div className="level-details-grid">
        <DetailList title={t('level.requirements')} items={level.requirements} />
        <DetailList title={t('level.timeline')} items={level.timeline} />
        <DetailList title={t('level.locations')} items={level.locations} />
        <DetailList title={t('level.schedule')} items={level.schedule} />
        <DetailList title={t('level.amenities')} items={level.amenities} />
      </div>
    </>
  );
}

export function CompetitionJourney() {
  const [openLevel, setOpenLevel] = useState<LevelId | null>(null);
  const navigate = useNavigate();
  const { t, to, lang } = useT();
  const levels = levelsText(lang);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const level = levels.find((l) => l.id === openLevel);

  return (
    <section className="page journey" aria-labelledby="journey-heading">
      <h2 id="journey-heading">{t('journey.title')}</h2>
      <p>{t('journey.lead')}</p>
      <ol className="journey__levels">
        {levels.map((item) => (
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
                timer.current = setTimeout(() => void navigate(to('/registration')), REGISTER_DELAY_MS);
              }}
            >
              {t('journey.register')}
            </button>
          }
        >
          <LevelDetails level={level} />
        </Dialog>
      ) : null}
    </section>
  );
}
