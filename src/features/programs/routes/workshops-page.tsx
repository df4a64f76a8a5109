import { useState } from 'react';
import { Icon } from '@/components/icon';
import { ScrollReveal } from '@/components/scroll-reveal';
import { SEASON, WORKSHOP_OFFER, WORKSHOPS } from '@/config/season';
import { useMotionPreference } from '@/hooks/motion-preference';
import { useInterval } from '@/hooks/use-interval';
import { EnrollLink } from '../components/enroll-link';

// The original site's pulse: a random card pulses every 3 s, for 2 s.
const PULSE_EVERY_MS = 3000;
const PULSE_FOR_MS = 2000;

export function WorkshopsPage() {
  const [pulsing, setPulsing] = useState<number | null>(null);
  const { motionAllowed } = useMotionPreference();

  useInterval(
    () => {
      setPulsing(Math.floor(Math.random() * WORKSHOPS.length));
      setTimeout(() => setPulsing(null), PULSE_FOR_MS);
    },
    motionAllowed ? PULSE_EVERY_MS : null,
  );

  return (
    <div className="stack">
      <section className="page" aria-labelledby="workshops-heading">
        <p className="eyebrow">Chennai · Weekends and evenings</p>
        <h1 id="workshops-heading">Summer Workshops {SEASON.year}</h1>
        <p className="lead">
          Nine workshops, small batches and patient teachers. Each runs for two months and ends with a little show for the families.
        </p>
        <p className="offer">
          <strong>Early-bird offer:</strong> {WORKSHOP_OFFER}
        </p>
        <ul className="card-grid">
          {WORKSHOPS.map((workshop, index) => (
            <ScrollReveal as="li" key={workshop.id} className={`card workshop-card${pulsing === index ? ' is-pulsing' : ''}`}>
              <span className="card__icon" style={{ background: workshop.color }}>
                <Icon name={workshop.icon} />
              </span>
              <h2 className="card__title">{workshop.title}</h2>
              <p>{workshop.description}</p>
              <p className="card__meta">
                <span>{workshop.price}</span>
                <span>{workshop.duration}</span>
              </p>
              <EnrollLink title={workshop.title} />
            </ScrollReveal>
          ))}
        </ul>
        <p className="center">
          <a href="#workshops-heading" className="button">
            View All Workshops
          </a>
        </p>
      </section>
    </div>
  );
}
