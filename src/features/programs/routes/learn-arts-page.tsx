import { coursesText } from '@/config/season-text';
import { useT } from '@/lib/i18n/use-t';
import { ProgramCard } from '../components/program-card';
import { PageSection } from '@/components/page-section';

export function LearnArtsPage() {
  const { t, lang } = useT();
  return (
    <PageSection id="learn" title={t('home.programs.learn.title')} level={1} eyebrow={t('learn.eyebrow')} lead={t('learn.lead')}>
      <ul className="card-grid">
        {coursesText(lang).map((course) => (
          <ProgramCard key={course.id} program={course} meta={[course.level, course.schedule]} />
        ))}
      </ul>
    </PageSection>
  );
}
