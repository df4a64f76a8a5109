import { Icon } from '@/components/icon';
import { ScrollReveal } from '@/components/scroll-reveal';
import { COURSES } from '@/config/season';
import { EnrollLink } from '../components/enroll-link';

export function LearnArtsPage() {
  return (
    <section className="page" aria-labelledby="learn-heading">
      <p className="eyebrow">Weekly classes, all year round</p>
      <h1 id="learn-heading">Learn the Arts</h1>
      <p className="lead">
        Classes for beginners and growing talents, in small groups near T. Nagar. A free trial class is always on us: enquire and we will
        call you back.
      </p>
      <ul className="card-grid">
        {COURSES.map((course) => (
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
