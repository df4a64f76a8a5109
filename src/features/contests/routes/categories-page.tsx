import { Link } from 'react-router-dom';
import { CATEGORIES } from '@domain/categories';
import { Icon } from '@/components/icon';
import { ScrollReveal } from '@/components/scroll-reveal';
import { CompetitionJourney } from '../components/competition-journey';
import { CONTESTS } from '../utils/contest-content';

export function CategoriesPage() {
  return (
    <div className="stack">
      <section className="page" aria-labelledby="categories-heading">
        <h1 id="categories-heading">Contest Categories</h1>
        <p className="lead">
          Twelve ways to shine. Pick one contest or several: each child can enter as many categories as they enjoy.
        </p>
        <ul className="card-grid">
          {CATEGORIES.map((category) => {
            const contest = CONTESTS[category.slug];
            return (
              <ScrollReveal as="li" key={category.slug} className="card category-card">
                <span className="card__icon" style={{ background: contest.colors[0] }}>
                  <Icon name={contest.icon} />
                </span>
                <h2 className="card__title">{category.cardLabel}</h2>
                <p>{contest.cardTagline}</p>
                <Link to={category.path} className="button" aria-label={`View Details: ${category.cardLabel}`}>
                  View Details
                </Link>
              </ScrollReveal>
            );
          })}
        </ul>
      </section>
      <CompetitionJourney />
    </div>
  );
}
