import type { ReactNode } from 'react';

/** One section of the family's page: a panel, labelled by its heading. */
export function FamilySection({ headingId, title, className, busy, children }: { headingId: string; title: ReactNode; className?: string; busy?: boolean; children: ReactNode }) {
  return (
    <section className={className ? `panel family-section ${className}` : 'panel family-section'} aria-labelledby={headingId} aria-busy={busy}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}
