import { useT } from '@/lib/i18n/use-t';
import { useState } from 'react';
import { SPONSOR_SLIDE_MS, type Sponsor } from '@/config/season';
import { useMotionPreference } from '@/hooks/motion-preference';
import { useInterval } from '@/hooks/use-interval';
import { AppLink } from '@/components/app-link';

/**
 * The original site's slider: one step every 3 s, wrapping after the last; each slide sits at its distance
 * from the current one. It rests while hovered or focused, and when motion is paused.
 */
export function SponsorsSlider({ sponsors }: { sponsors: readonly Sponsor[] }) {
  const [current, setCurrent] = useState(0);
  const [resting, setResting] = useState(false);
  const { paused } = useMotionPreference();
  const { t, to } = useT();
  const running = !paused && !resting && sponsors.length > 1;

  useInterval(() => setCurrent((index) => (index + 1) % sponsors.length), running ? SPONSOR_SLIDE_MS : null);

  return (
    <div
      className="slider"
      role="group"
      aria-roledescription="carousel"
      aria-label={t('sponsors.logos')}
      data-current={current}
      onPointerEnter={() => setResting(true)}
      onPointerLeave={() => setResting(false)}
      onFocus={() => setResting(true)}
      onBlur={() => setResting(false)}
    >
      <div className="slider__track">
        {sponsors.map((sponsor, index) => (
          <div
            key={sponsor.id}
            className={`slider__slide${index === current ? ' is-current' : ''}`}
            style={{ transform: `translateX(${(index - current) * 100}%)` }}
            role="group"
            aria-roledescription="slide"
            aria-label={t('sponsors.slide', { index: index + 1, count: sponsors.length, name: sponsor.name })}
            aria-hidden={index !== current}
          >
            <img src={sponsor.logo} alt={t('sponsors.logo', { name: sponsor.name })} width={240} height={120} loading="lazy" decoding="async" />
            <p className="slider__caption">
              <strong>{sponsor.name}</strong>
              <span>{sponsor.tagline}</span>
            </p>
          </div>
        ))}
      </div>
      <div className="slider__dots">
        {sponsors.map((sponsor, index) => (
          <button
            key={sponsor.id}
            type="button"
            className="slider__dot"
            aria-label={t('sponsors.show', { name: sponsor.name })}
            aria-current={index === current}
            onClick={() => setCurrent(index)}
          />
        ))}
      </div>
      <AppLink to={`${to('/about')}#sponsors`} className="button">
        {t('sponsors.all')}
      </AppLink>
    </div>
  );
}
