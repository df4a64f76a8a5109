import type { ReactNode } from 'react';

type Props = {
  /** Names the heading: its id is `${id}-heading`, and the section is labelled by it. */
  id: string;
  title: ReactNode;
  /** 1 for the page's own title, 2 (the default) for a section below it. */
  level?: 1 | 2;
  /** A short line above the title. */
  eyebrow?: ReactNode;
  /** The paragraph that introduces the section. */
  lead?: ReactNode;
  /** The heading is there for screen readers and the outline only. */
  hiddenTitle?: boolean;
  children?: ReactNode;
};

/** One section of a public page: a card with its heading (and the landmark it labels). */
export function PageSection({ id, title, level = 2, eyebrow, lead, hiddenTitle = false, children }: Props) {
  const Heading = level === 1 ? 'h1' : 'h2';
  const headingId = `${id}-heading`;
  return (
    <section className="page" aria-labelledby={headingId}>
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <Heading id={headingId} className={hiddenTitle ? 'visually-hidden' : undefined}>
        {title}
      </Heading>
      {lead ? <p className="lead">{lead}</p> : null}
      {children}
    </section>
  );
}
