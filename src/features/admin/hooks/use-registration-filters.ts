import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  filtersFromSearchParams,
  filtersToSearchParams,
  type RegistrationFilters,
} from '../utils/registration-filters';

/**
 * The table's search, filters and sort, read from and written to the URL. Each change is a new
 * history entry (Back undoes it), except when a search term is being refined (`replace`).
 */
export function useRegistrationFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const key = searchParams.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the string is the identity of the params
  const filters = useMemo(() => filtersFromSearchParams(searchParams), [key]);

  const setFilters = useCallback(
    (change: Partial<RegistrationFilters>, options: { replace?: boolean } = {}) => {
      setSearchParams(
        (current) => filtersToSearchParams({ ...filtersFromSearchParams(current), ...change }),
        { replace: options.replace ?? false },
      );
    },
    [setSearchParams],
  );

  return { filters, setFilters };
}
