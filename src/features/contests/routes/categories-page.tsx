import { useT } from '@/lib/i18n/use-t';
import { CATEGORIES } from '@domain/categories';
import { Icon } from '@/components/icon';
import { ScrollReveal } from '@/components/scroll-reveal';
import { CompetitionJourney } from '../components/competition-journey';
import { CONTESTS, contestText } from '../utils/contest-content';
import { PageSection } from '@/components/page-section';
import { AppLink } from '@/components/app-link';

export function CategoriesPage() {
  const { t, to, lang } = useT();
  return (
    <div className="stack">
      <PageSection id="categories" title={t('nav.categories')} level={1} lead={t('categories.lead')}>
        <ul className="card-grid">
          {CATEGORIES.map((category) => {
            const contest = contestText(CONTESTS[category.slug], lang);
            const label = lang === 'en' ? category.cardLabel : contest.title;
            return (
              <ScrollReveal as="li" key={category.slug} className="card category-card">
                <span className="card__icon" style={{ background: contest.colors[0] }}>
                  <Icon name={contest.icon} />
                </span>
                <h2 className="card__title">{label}</h2>
                <p>{contest.cardTagline}</p>
                <AppLink to={to(category.path)} className="button" aria-label={t('categories.details.label', { name: label })}>
                  {t('categories.details')}
                </AppLink>
              </ScrollReveal>
            );
          })}
        </ul>
      </PageSection>
      <CompetitionJourney />
    </div>
  );
}
