import { Icon } from '@/components/icon';
import { ScrollReveal } from '@/components/scroll-reveal';
import { LEVELS, SEASON, type IconName } from '@/config/season';
import { levelText, sponsorsText } from '@/config/season-text';
import { useT } from '@/lib/i18n/use-t';
import { SponsorsSlider } from '../components/sponsors-slider';
import { PageSection } from '@/components/page-section';
import { AppLink } from '@/components/app-link';

const PROGRAMS: readonly { to: string; title: string; text: string; icon: IconName }[] = [
  { to: '/workshops', title: 'home.programs.workshops.title', text: 'home.programs.workshops.text', icon: 'star' },
  { to: '/learn-arts', title: 'home.programs.learn.title', text: 'home.programs.learn.text', icon: 'palette' },
  { to: '/events', title: 'home.programs.events.title', text: 'home.programs.events.text', icon: 'trophy' },
  { to: '/webinars', title: 'home.programs.webinars.title', text: 'home.programs.webinars.text', icon: 'globe' },
];

const PILLARS = [
  { title: 'home.vision.title', text: 'home.vision.text' },
  { title: 'home.mission.title', text: 'home.mission.text' },
  { title: 'home.aim.title', text: 'home.aim.text' },
];

export function HomePage() {
  const [firstLevel] = LEVELS;
  const { t, to, lang } = useT();
  return (
    <div className="stack">
      <section className="hero">
        <p className="hero__eyebrow">{t('home.eyebrow', { year: SEASON.year })}</p>
        <h1 className="hero__title">{t('home.title')}</h1>
        <p className="hero__lead">
          {t('home.lead')}
          {firstLevel ? ` ${t('home.level1', { dates: levelText(firstLevel, lang).date })}` : null}
        </p>
        <div className="hero__actions">
          <AppLink to={to('/registration')} className="button button--primary button--large">
            {t('home.register')}
          </AppLink>
          <AppLink to={to('/contest/category')} className="button button--light button--large">
            {t('notFound.contests')}
          </AppLink>
        </div>
      </section>

      <PageSection id="programs" title={t('home.programs')}>
        <ul className="card-grid card-grid--four">
          {PROGRAMS.map((program) => (
            <ScrollReveal as="li" key={program.to} className="card card--link">
              <span className="card__icon">
                <Icon name={program.icon} />
              </span>
              <h3 className="card__title">
                <AppLink to={to(program.to)} className="card__stretched-link">
                  {t(program.title)}
                </AppLink>
              </h3>
              <p>{t(program.text)}</p>
            </ScrollReveal>
          ))}
        </ul>
      </PageSection>

      <PageSection id="pillars" title={t('home.pillars')} hiddenTitle>
        <div className="pillars">
          {PILLARS.map((pillar) => (
            <ScrollReveal key={pillar.title} className="pillar">
              <h3>{t(pillar.title)}</h3>
              <p>{t(pillar.text)}</p>
            </ScrollReveal>
          ))}
        </div>
      </PageSection>

      <section className="page sponsors" aria-labelledby="sponsors-heading">
        <h2 id="sponsors-heading">{t('home.sponsors')}</h2>
        <p>{t('home.sponsorsText')}</p>
        <SponsorsSlider sponsors={sponsorsText(lang)} />
      </section>
    </div>
  );
}
