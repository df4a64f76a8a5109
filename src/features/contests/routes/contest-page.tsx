import { useT } from '@/lib/i18n/use-t';
import { useRef, useState, type CSSProperties, type PointerEvent } from 'react';
import { useParams } from 'react-router-dom';
import { Icon } from '@/components/icon';
import { CONTACT } from '@/config/season';
import { useMotionPreference } from '@/hooks/motion-preference';
import { contestForPathSegment, contestText } from '../utils/contest-content';
import { AppLink } from '@/components/app-link';

// The hidden spin (docs/product.md, "Behaviour kept from the original site"): 3 clicks or taps within 5 s in the overlay's top-left 100×100 px corner.
const SPIN_CLICKS = 3;
const SPIN_WINDOW_MS = 5000;
const SPIN_CORNER_PX = 100;
const PARALLAX_PX = 12;

export function ContestPage() {
  const { slug } = useParams();
  const { t, to, lang } = useT();
  const found = contestForPathSegment(slug);
  const contest = found ? contestText(found, lang) : undefined;
  const { motionAllowed } = useMotionPreference();
  const [spinning, setSpinning] = useState(false);
  const [shift, setShift] = useState({ x: 0, y: 0 });
  const cornerClicks = useRef<number[]>([]);


  if (!contest) {
    return (
      <section className="page page--narrow">
        <h1>{t('contest.notFound')}</h1>
        <p>{t('contest.notFoundText')}</p>
        <p>
          <AppLink to={to('/contest/category')}>{t('contest.all')}</AppLink>
        </p>
      </section>
    );
  }

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (event.clientX - box.left > SPIN_CORNER_PX || event.clientY - box.top > SPIN_CORNER_PX) return;
    const now = Date.now();
    const recent = [...cornerClicks.current.filter((at) => now - at < SPIN_WINDOW_MS), now];
    if (recent.length >= SPIN_CLICKS) {
      cornerClicks.current = [];
      setSpinning(true);
    } else {
      cornerClicks.current = recent;
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (!motionAllowed || event.pointerType !== 'mouse') return;
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width - 0.5) * 2;
    const y = ((event.clientY - box.top) / box.height - 0.5) * 2;
    setShift({ x: x * PARALLAX_PX, y: y * PARALLAX_PX });
  };

  const isArt = contest.slug === 'art-craft';
  const style = {
    '--contest-a': contest.colors[0],
    '--contest-b': contest.colors[1],
  } as CSSProperties;

  return (
    // Pointer handlers drive decoration only (parallax, the hidden spin); nothing here needs a key.
    <article
      className={`contest${spinning ? ' is-spinning' : ''}`}
      style={style}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerLeave={() => setShift({ x: 0, y: 0 })}
      onAnimationEnd={(event) => {
        if (event.animationName === 'contest-spin') setSpinning(false);
      }}
      data-testid="contest-overlay"
    >
      <div className="contest__backdrop" aria-hidden="true">
        <span className="contest__bubble contest__bubble--1" />
        <span className="contest__bubble contest__bubble--2" />
        <span className="contest__bubble contest__bubble--3" />
      </div>
      <div className="contest__content" style={{ transform: `translate(${shift.x}px, ${shift.y}px)` }}>
        <header className="contest__hero">
          <span className="contest__icon">
            <Icon name={contest.icon} size={48} />
          </span>
          <h1>{contest.title}</h1>
          <p className="contest__tagline">{contest.tagline}</p>
        </header>
        <div className="contest__body">
          <section className="contest__welcome" aria-labelledby="welcome-heading">
            <h2 id="welcome-heading">{t('contest.welcome')}</h2>
            {contest.welcome.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <AppLink to={`${to('/registration')}?category=${contest.slug}`} className="button button--primary button--large">
              {t('contest.register')}
            </AppLink>
          </section>
          <aside className="contest__coordinator" aria-labelledby="coordinator-heading">
            <h2 id="coordinator-heading">{t('contest.coordinator')}</h2>
            <img src={contest.coordinator.portrait} alt={t('contest.portrait', { name: contest.coordinator.name })} width={120} height={120} />
            <p className="contest__coordinator-name">
              <strong>{contest.coordinator.name}</strong>
              <br />
              {contest.coordinator.role}
            </p>
            <ul className="contest__contacts">
              <li>
                {t('footer.phone')} <a href={CONTACT.phoneHref}>{CONTACT.phone}</a>
              </li>
              {isArt ? null : (
                <li>
                  {t('footer.phone')} <a href={CONTACT.phoneAltHref}>{CONTACT.phoneAlt}</a>
                </li>
              )}
              <li>
                {isArt ? t('footer.mail') : t('contest.support')}{' '}
                <a href={`mailto:${isArt ? CONTACT.email : CONTACT.supportEmail}`}>{isArt ? CONTACT.email : CONTACT.supportEmail}</a>
              </li>
            </ul>
          </aside>
        </div>
      </div>
    </article>
  );
}
