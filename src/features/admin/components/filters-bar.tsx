import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { adminCategoryName, CATEGORIES, type CategorySlug } from '@domain/categories';
import { PAYMENT_STATUSES } from '@domain/fees';
import { FormField } from '@/components/form/form-field';
import { citiesQueryOptions } from '../api/get-cities';
import { activeFilterCount, type RegistrationFilters } from '../utils/registration-filters';
import { PAYMENT_STATUS_LABELS } from '../utils/payment-labels';

type Props = {
  filters: RegistrationFilters;
  onChange: (change: Partial<RegistrationFilters>) => void;
};

const CATEGORY_CHOICES = CATEGORIES.map((category) => [category.slug, adminCategoryName(category)] as const);

/**
 * The filters beside the search: category, city, venue check-in and fee, payment, possible
 * duplicates. Always in view on a laptop; on a phone they fold behind a 'Filters (n)' button
 * (admin.css shows one or the other by width).
 */
export function FiltersBar({ filters, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const cities = useQuery(citiesQueryOptions());
  const count = activeFilterCount(filters);
  // A city from the URL (a bookmark, the overview) stays choosable before the list arrives.
  const cityNames = cities.data ?? [];
  const cityChoices = (filters.city && !cityNames.includes(filters.city) ? [filters.city, ...cityNames] : cityNames).map(
    (city) => [city, city] as const,
  );

  return (
    <div className="admin-filters">
      <button
        type="button"
        className={`button button--small admin-filters__toggle${count > 0 ? ' button--active' : ''}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {count > 0 ? `Filters (${count})` : 'Filters'}
      </button>
      <div id={panelId} className={`admin-filters__panel${open ? '' : ' admin-filters__panel--folded'}`}>
        <ChoiceFilter<CategorySlug>
          label="Category"
          id={`${panelId}-category`}
          value={filters.category}
          choices={CATEGORY_CHOICES}
          onChange={(category) => onChange({ category })}
        />
        <ChoiceFilter
          label="City"
          id={`${panelId}-city`}
          value={filters.city}
          choices={cityChoices}
          onChange={(city) => onChange({ city })}
        />
        <ChoiceFilter
          label="Checked in"
          id={`${panelId}-checked-in`}
          value={filters.checkedIn}
          choices={[['yes', 'Yes'], ['no', 'No']]}
          onChange={(checkedIn) => onChange({ checkedIn })}
        />
        <ChoiceFilter
          label="Fee"
          id={`${panelId}-fee`}
          value={filters.fee}
          choices={[['paid', 'Paid'], ['waived', 'Waived'], ['unpaid', 'Unpaid']]}
          onChange={(fee) => onChange({ fee })}
        />
        <ChoiceFilter
          label="Payment"
          id={`${panelId}-payment`}
          value={filters.payment}
          choices={PAYMENT_STATUSES.map((status) => [status, PAYMENT_STATUS_LABELS[status]] as const)}
          onChange={(payment) => onChange({ payment })}
        />
        <FormField layout="check" label="Possible duplicates only" id={`${panelId}-duplicates`} className="admin-filters__check">
          {(control) => (
            <input {...control} type="checkbox" checked={filters.duplicates} onChange={(event) => onChange({ duplicates: event.target.checked })} />
          )}
        </FormField>
        <button
          type="button"
          className="button button--small admin-filters__clear"
          disabled={count === 0}
          onClick={() => onChange({ category: null, city: null, duplicates: false, day: null, type: null, ageMonths: null, checkedIn: null, fee: null, payment: null })}
        >
          Clear All Filters
        </button>
        {cities.isError && (
          <p className="admin-error admin-filters__error">
            The list of cities did not load.{' '}
            <button type="button" className="admin-link" onClick={() => void cities.refetch()}>
              Load the cities again
            </button>
          </p>
        )}
      </div>
    </div>
  );
}

/** One filter with a few values to choose from, or "Any". */
function ChoiceFilter<V extends string>({ label, id, value, choices, onChange }: { label: string; id: string; value: V | null; choices: readonly (readonly [V, string])[]; onChange: (value: V | null) => void }) {
  return (
    <FormField label={label} id={id} className="admin-filters__field">
      {(control) => (
        <select {...control} value={value ?? ''} onChange={(event) => onChange((event.target.value || null) as V | null)}>
          <option value="">Any</option>
          {choices.map(([choice, text]) => (
            <option key={choice} value={choice}>
              {text}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
