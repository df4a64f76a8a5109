import type { FamilyRegistration } from '../api/family-keys';
import { categoryName, formatAge, formatDateTime } from '../utils/format';

/** Every field the family gave, as the organisers hold it. */
export function RegistrationDetails({ registration: r }: { registration: FamilyRegistration }) {
  const rows: [string, string][] = [
    ['Registering as', r.type === 'participant' ? 'Participant (a child)' : 'Institute'],
    ...(r.type === 'participant' ? ([['Name', r.name ?? '—'], ['Age', formatAge(r.age, r.ageUnit)]] as [string, string][]) : []),
    ['Institute name', r.instituteName ?? '—'],
    ['Categories', r.categories.map(categoryName).join(', ')],
    ['Email', r.email],
    ['Phone', r.phone],
    ['City', r.city],
    ['Registered on', formatDateTime(r.createdAt)],
    ['Last changed', formatDateTime(r.updatedAt)],
  ];
  return (
    <dl className="family-details">
      {rows.map(([term, value]) => (
        <div key={term} className="family-details__row">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
