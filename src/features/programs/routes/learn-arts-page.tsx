import { Icon } from '@/components/icon';
import { ScrollReveal } from '@/components/scroll-reveal';
import { coursesText } from '@/config/season-text';
import { useT } from '@/lib/i18n/use-t';
import { EnrollLink } from '../components/enroll-link';

export function LearnArtsPage() {
  const { t, lang } = useT();
  return (
    <section className="page" aria-labelledby="learn-heading">
      <p className="eyebrow">{t('learn.eyebrow')}</p>
      <h1 id="learn-heading">{t('home.programs.learn.title')}</h1>
      <p className="lead">{t('learn.lead')}</p>
      <ul className="card-grid">
        {coursesText(lang).map((course) => (
          <ScrollReveal as="li" key={course.id} className="card">
            <span className="card__icon" style={{ background: course.color }}>
              <Icon name={course.icon} />
            </span>
            <h2 className="card__title">{course.title}</h2>
            <p>{course.description}</p>
            <p className="card__meta">
              <span>{course.level}</span>
              <span>{course.schedule}</span>
            </p>
            <EnrollLink title={course.title} />
          </ScrollReveal>
        ))}
      </ul>
    </section>
  );
}
