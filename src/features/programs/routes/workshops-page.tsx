import { useState } from 'react';
import { SEASON, WORKSHOP_RUPEES, WORKSHOPS } from '@/config/season';
import { workshopsText, workshopTermsText } from '@/config/season-text';
import { formatRupees } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/use-t';
import { useMotionPreference } from '@/hooks/motion-preference';
import { useInterval } from '@/hooks/use-interval';
import { ProgramCard } from '../components/program-card';
import { PageSection } from '@/components/page-section';

// The original site's pulse: a random card pulses every 3 s, for 2 s.
const PULSE_EVERY_MS = 3000;
const PULSE_FOR_MS = 2000;

export function WorkshopsPage() {
  const [pulsing, setPulsing] = useState<number | null>(null);
  const { motionAllowed } = useMotionPreference();
  const { t, lang } = useT();
  const terms = workshopTermsText(lang);

  useInterval(
    () => {
      setPulsing(Math.floor(Math.random() * WORKSHOPS.length));
      setTimeout(() => setPulsing(null), PULSE_FOR_MS);
    },
    motionAllowed ? PULSE_EVERY_MS : null,
  );

  return (
    <div className="stack">
      <PageSection id="workshops" title={t('workshops.title', { year: SEASON.year })} level={1} eyebrow={t('workshops.eyebrow')} lead={t('workshops.lead')}>
        <p className="offer">
          <strong>{t('workshops.offer')}</strong> {terms.offer}
        </p>
        <ul className="card-grid">
          {workshopsText(lang).map((workshop, index) => (
            <ProgramCard
              key={workshop.id}
              program={workshop}
              className={`card workshop-card${pulsing === index ? ' is-pulsing' : ''}`}
              // The English keeps the organisers' "Rs.1998"; Tamil shows ₹ with Indian grouping.
              meta={[lang === 'en' ? workshop.price : formatRupees(WORKSHOP_RUPEES, lang), terms.duration]}
            />
          ))}
        </ul>
        <p className="center">
          <a href="#workshops-heading" className="button">
            {t('workshops.all')}
          </a>
        </p>
      </PageSection>
    </div>
  );
}
