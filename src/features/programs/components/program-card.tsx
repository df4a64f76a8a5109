import type { ReactNode } from 'react';
import { Icon } from '@/components/icon';
import { ScrollReveal } from '@/components/scroll-reveal';
import type { IconName } from '@/config/season';
import { EnrollLink } from './enroll-link';

/** A course or workshop in its card: icon, title, description, two facts and the enrol link. */
export function ProgramCard({
  program,
  meta,
  className = 'card',
}: {
  program: { title: string; description: string; icon: IconName; color: string };
  meta: readonly [ReactNode, ReactNode];
  className?: string;
}) {
  return (
    <ScrollReveal as="li" className={className}>
      <span className="card__icon" style={{ background: program.color }}>
        <Icon name={program.icon} />
      </span>
      <h2 className="card__title">{program.title}</h2>
      <p>{program.description}</p>
      <p className="card__meta">
        <span>{meta[0]}</span>
        <span>{meta[1]}</span>
      </p>
      <EnrollLink title={program.title} />
    </ScrollReveal>
  );
}
