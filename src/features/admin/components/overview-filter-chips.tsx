import type { RegistrationFilters } from '../utils/registration-filters';
import { plural } from '@domain/plural';

/**
 * The filters a bar of the season overview set that the filters beside the search have no control for (the
 * day, the type, a baby's age): shown above the table, each with a button to drop it.
 */
export function OverviewFilterChips({
  filters,
  onChange,
}: {
  filters: RegistrationFilters;
  onChange(change: Partial<RegistrationFilters>): void;
}) {
  const chips: { label: string; clear: Partial<RegistrationFilters> }[] = [];
  if (filters.day) chips.push({ label: `Registered on ${filters.day}`, clear: { day: null } });
  if (filters.type) chips.push({ label: filters.type === 'institute' ? 'Institutes only' : 'Participants only', clear: { type: null } });
  if (filters.ageMonths !== null) chips.push({ label: `Aged ${plural(filters.ageMonths, { one: '# month', other: '# months' })}`, clear: { ageMonths: null } });
  if (chips.length === 0) return null;
  return (
    <ul className="admin-chips" aria-label="Filters from the overview">
      {chips.map((chip) => (
        <li key={chip.label}>
          <span>{chip.label}</span>
          <button type="button" className="admin-link" onClick={() => onChange(chip.clear)} aria-label={`Remove filter: ${chip.label}`}>
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}
