import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useRef, useState } from 'react';
import { adminCategoryName, CATEGORIES } from '@domain/categories';
import { FormField } from '@/components/form/form-field';
import { citiesQueryOptions } from '../api/get-cities';
import { useDismiss } from '../hooks/use-dismiss';
import { activeFilterCount, type RegistrationFilters } from '../utils/registration-filters';
import { PAYMENT_STATUSES } from '@domain/fees';
import { PAYMENT_STATUS_LABELS } from '../utils/payment-labels';

type Props = {
  filters: RegistrationFilters;
  onChange: (change: Partial<RegistrationFilters>) => void;
};

/**
 * The 'Filters (n)' dropdown: one category, one city, and possible duplicates. Choosing the
 * selected value again clears it. Closes on a click outside and on Escape.
 */
export function FiltersMenu({ filters, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const cities = useQuery({ ...citiesQueryOptions(), enabled: open });
  const count = activeFilterCount(filters);

  const close = useCallback(() => {
    setOpen(false);
    if (rootRef.current?.contains(document.activeElement)) buttonRef.current?.focus();
  }, []);
  useDismiss(rootRef, open, close);

  return (
    <div className="admin-filters" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={`button${count > 0 ? ' button--active' : ''}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {count > 0 ? `Filters (${count})` : 'Filters'}
      </button>
      <div id={panelId} className="admin-filters__panel" hidden={!open}>
        <fieldset className="admin-filters__group">
          <legend>Category</legend>
          <ul className="admin-chips">
            {CATEGORIES.map((category) => (
              <li key={category.slug}>
                <button
                  type="button"
                  className="admin-chip"
                  aria-pressed={filters.category === category.slug}
                  onClick={() => onChange({ category: filters.category === category.slug ? null : category.slug })}
                >
                  {adminCategoryName(category)}
                </button>
              </li>
            ))}
          </ul>
        </fieldset>
        <fieldset className="admin-filters__group">
          <legend>City</legend>
          {cities.isLoading && <p className="admin-muted">Loading cities…</p>}
          {cities.isError && (
            <p className="admin-error">
              Could not load the cities.{' '}
              <button type="button" className="admin-link" onClick={() => void cities.refetch()}>
                Retry
              </button>
            </p>
          )}
          {cities.data && cities.data.length === 0 && <p className="admin-muted">No cities yet.</p>}
          {cities.data && cities.data.length > 0 && (
            <ul className="admin-chips admin-chips--scroll">
              {cities.data.map((city) => (
                <li key={city}>
                  <button
                    type="button"
                    className="admin-chip"
                    aria-pressed={filters.city === city}
                    onClick={() => onChange({ city: filters.city === city ? null : city })}
                  >
                    {city}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        <fieldset className="admin-filters__group">
          <legend>Review</legend>
          <FormField layout="check" label="Possible duplicates only" id={`${panelId}-duplicates`}>
            {(control) => (
              <input {...control} type="checkbox" checked={filters.duplicates} onChange={(event) => onChange({ duplicates: event.target.checked })} />
            )}
          </FormField>
        </fieldset>
        <fieldset className="admin-filters__group">
          <legend>Venue</legend>
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
        </fieldset>
        <fieldset className="admin-filters__group">
          <legend>Money</legend>
          <ChoiceFilter
            label="Payment"
            id={`${panelId}-payment`}
            value={filters.payment}
            choices={PAYMENT_STATUSES.map((status) => [status, PAYMENT_STATUS_LABELS[status]] as const)}
            onChange={(payment) => onChange({ payment })}
          />
        </fieldset>
        <button
          type="button"
          className="button button--small"
          disabled={count === 0}
          onClick={() => onChange({ category: null, city: null, duplicates: false, day: null, type: null, ageMonths: null, checkedIn: null, fee: null, payment: null })}
        >
          Clear All Filters
        </button>
      </div>
    </div>
  );
}

/** One filter with a few values to choose from, or "Any". */
function ChoiceFilter<V extends string>({ label, id, value, choices, onChange }: { label: string; id: string; value: V | null; choices: readonly (readonly [V, string])[]; onChange: (value: V | null) => void }) {
  return (
    <FormField label={label} id={id}>
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
