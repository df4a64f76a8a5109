import { Icon } from '@/components/icon';
import { ScrollReveal } from '@/components/scroll-reveal';
import { coursesText } from '@/config/season-text';
import { useT } from '@/lib/i18n/use-t';
import { EnrollLink } from '../components/enroll-link';
import { PageSection } from '@/components/page-section';

export function LearnArtsPage() {
  const { t, lang } = useT();
  return (
    <PageSection id="learn" title={t('home.programs.learn.title')} level={1} eyebrow={t('learn.eyebrow')} lead={t('learn.lead')}>
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
    </PageSection>
  );
}
