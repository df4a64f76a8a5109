import type { ReactNode } from 'react';

/** Labelled facts as a definition list, a `div` a fact (`.facts`, `.level-facts` and `.hours` lay it out); a fact with no value is left out. */
export function FactList({ className, facts }: { className: string; facts: readonly (readonly [label: string, value: ReactNode])[] }) {
  return (
    <dl className={className}>
      {facts
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
