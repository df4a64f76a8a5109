import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { Icon } from '@/components/icon';
import { ScrollReveal } from '@/components/scroll-reveal';
import type { IconName } from '@/config/season';
import { sponsorsText } from '@/config/season-text';
import { useT } from '@/lib/i18n/use-t';
import { PageSection } from '@/components/page-section';
import { AppLink } from '@/components/app-link';

const TALENTS: readonly { label: string; icon: IconName }[] = [
  { label: 'about.talent.singing', icon: 'mic' },
  { label: 'about.talent.dancing', icon: 'dance' },
  { label: 'about.talent.art', icon: 'palette' },
  { label: 'about.talent.reading', icon: 'book' },
  { label: 'about.talent.speaking', icon: 'globe' },
  { label: 'about.talent.drawing', icon: 'pen' },
  { label: 'about.talent.costume', icon: 'mask' },
];

const VALUES = ['equal', 'confidence', 'recognition'] as const;

export function AboutPage() {
  const { hash } = useLocation();
  const { t, to, lang } = useT();
  useEffect(() => {
    const target = hash ? document.getElementById(hash.slice(1)) : null;
    if (!target) return;
    // Sections below the first screen wait for the viewport at a guessed height (pages.css).
    document.documentElement.dataset.laidOut = '';
    target.scrollIntoView();
  }, [hash]);

  return (
    <div className="stack">
      <section className="hero">
        <p className="hero__eyebrow">{t('about.eyebrow')}</p>
        <h1 className="hero__title">{t('about.title')}</h1>
        <p className="hero__lead">{t('about.lead')}</p>
      </section>

      <PageSection id="talents" title={t('about.talents')}>
        <ul className="talents">
          {TALENTS.map((talent) => (
            <ScrollReveal as="li" key={talent.label} className="talent">
              <span className="talent__icon">
                <Icon name={talent.icon} size={36} />
              </span>
              {t(talent.label)}
            </ScrollReveal>
          ))}
        </ul>
      </PageSection>

      <PageSection id="values" title={t('about.values')}>
        <div className="pillars">
          {VALUES.map((value) => (
            <div key={value} className="pillar">
              <h3>{t(`about.value.${value}.title`)}</h3>
              <p>{t(`about.value.${value}.text`)}</p>
            </div>
          ))}
        </div>
        <p className="center">
          <AppLink to={to('/registration')} className="button button--primary button--large">
            {t('about.join')}
          </AppLink>
        </p>
      </PageSection>

      <section className="page" id="sponsors" aria-labelledby="about-sponsors-heading" tabIndex={-1}>
        <h2 id="about-sponsors-heading">{t('about.sponsors')}</h2>
        <p>{t('about.sponsorsLead')}</p>
        <ul className="sponsor-list">
          {sponsorsText(lang).map((sponsor) => (
            <li key={sponsor.id}>
              <img src={sponsor.logo} alt={t('about.sponsorLogo', { name: sponsor.name })} width={240} height={120} />
              <p>
                <strong>{sponsor.name}</strong>, {lang === 'en' ? sponsor.tagline.toLowerCase() : sponsor.tagline}
              </p>
            </li>
          ))}
        </ul>
        <p>
          {t('about.sponsorAsk')}{' '}
          <AppLink to={`${to('/contact')}?subject=${encodeURIComponent(t('about.sponsorSubject'))}`}>{t('about.sponsorWrite')}</AppLink>.
        </p>
      </section>
    </div>
  );
}
