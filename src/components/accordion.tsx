import { useId } from 'react';

export type AccordionItem = { question: string; answer: string };

/**
 * Questions and answers; one answer open at a time (docs/product.md, "Behaviour kept from the
 * original site"). Native `<details>` sharing one `name`: the browser opens and closes them, so a
 * tap works before the page's script has run (ADR 031), and opening one closes the others.
 */
export function Accordion({ items, headingLevel = 3 }: { items: readonly AccordionItem[]; headingLevel?: 2 | 3 }) {
  const group = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="accordion">
      {items.map((item) => (
        <details key={item.question} name={group} className="accordion__item">
          <summary className="accordion__button">
            <Heading className="accordion__heading">{item.question}</Heading>
            <span className="accordion__sign" aria-hidden="true" />
          </summary>
          <div className="accordion__panel">
            <p>{item.answer}</p>
          </div>
        </details>
      ))}
    </div>
  );
}
