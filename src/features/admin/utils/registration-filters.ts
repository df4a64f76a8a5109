import { isCategorySlug, type CategorySlug } from '@domain/categories';
import { isPaymentStatus, type PaymentStatus } from '@domain/fees';
import { REGISTRATION_SORTS, type RegistrationSort } from '@domain/registration-rules';

/** The API's sort columns (domain/registration-rules.ts), in the table's column order. */
export const SORT_COLUMNS = REGISTRATION_SORTS;
export type SortColumn = RegistrationSort;
export type SortDirection = 'asc' | 'desc';

/** What the registrations table shows; it lives in the URL so a view can be bookmarked. */
export type RegistrationFilters = {
  q: string;
  category: CategorySlug | null;
  city: string | null;
  duplicates: boolean;
  /** Registered on this day in Chennai (YYYY-MM-DD): the overview's per-day bars link here. */
  day: string | null;
  type: 'participant' | 'institute' | null;
  /** A baby's age in months (with a baby category): the overview's age-band bars. */
  ageMonths: number | null;
  /** Venue mode: checked in at an in-person session, or not. */
  checkedIn: 'yes' | 'no' | null;
  /** Venue mode: the cash fee. */
  fee: 'paid' | 'waived' | 'unpaid' | null;
  /** The payment status the ledger gives (ADR 024). */
  payment: PaymentStatus | null;
  sort: SortColumn;
  dir: SortDirection;
};

export const DEFAULT_FILTERS: RegistrationFilters = {
  q: '',
  category: null,
  city: null,
  duplicates: false,
  day: null,
  type: null,
  ageMonths: null,
  checkedIn: null,
  fee: null,
  payment: null,
  sort: 'name',
  dir: 'asc',
};

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | null {
  return allowed.includes(value as T) ? (value as T) : null;
}

function isSortColumn(value: string | null): value is SortColumn {
  return SORT_COLUMNS.includes(value as SortColumn);
}

export function filtersFromSearchParams(params: URLSearchParams): RegistrationFilters {
  const category = params.get('category');
  const sort = params.get('sort');
  return {
    q: params.get('q')?.trim() ?? '',
    category: category && isCategorySlug(category) ? category : null,
    city: params.get('city') || null,
    duplicates: params.get('duplicates') === '1',
    day: /^\d{4}-\d{2}-\d{2}$/.test(params.get('day') ?? '') ? params.get('day') : null,
    type: params.get('type') === 'participant' || params.get('type') === 'institute' ? (params.get('type') as 'participant' | 'institute') : null,
    ageMonths: /^\d{1,2}$/.test(params.get('ageMonths') ?? '') ? Number(params.get('ageMonths')) : null,
    checkedIn: oneOf(params.get('checkedIn'), ['yes', 'no'] as const),
    fee: oneOf(params.get('fee'), ['paid', 'waived', 'unpaid'] as const),
    payment: isPaymentStatus(params.get('payment') ?? '') ? (params.get('payment') as PaymentStatus) : null,
    sort: isSortColumn(sort) ? sort : DEFAULT_FILTERS.sort,
    dir: params.get('dir') === 'desc' ? 'desc' : 'asc',
  };
}

/** Only what differs from the default goes into the URL, so the plain page stays /admin/registrations. */
export function filtersToSearchParams(filters: RegistrationFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.category) params.set('category', filters.category);
  if (filters.city) params.set('city', filters.city);
  if (filters.duplicates) params.set('duplicates', '1');
  if (filters.day) params.set('day', filters.day);
  if (filters.type) params.set('type', filters.type);
  if (filters.ageMonths !== null) params.set('ageMonths', String(filters.ageMonths));
  if (filters.checkedIn) params.set('checkedIn', filters.checkedIn);
  if (filters.fee) params.set('fee', filters.fee);
  if (filters.payment) params.set('payment', filters.payment);
  if (filters.sort !== DEFAULT_FILTERS.sort || filters.dir !== DEFAULT_FILTERS.dir) {
    params.set('sort', filters.sort);
    params.set('dir', filters.dir);
  }
  return params;
}

/** The API's query string for a page of the list (or the CSV export, without cursor and limit). */
export function filtersToApiQuery(filters: RegistrationFilters, extra: Record<string, string> = {}): string {
  const params = filtersToSearchParams(filters);
  params.set('sort', filters.sort);
  params.set('dir', filters.dir);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return params.toString();
}

export function activeFilterCount(filters: RegistrationFilters): number {
  return [
    filters.category !== null,
    filters.city !== null,
    filters.duplicates,
    filters.day !== null,
    filters.type !== null,
    filters.ageMonths !== null,
    filters.checkedIn !== null,
    filters.fee !== null,
    filters.payment !== null,
  ].filter(Boolean).length;
}

/** First click on a column sorts ascending; clicking the sorted column again flips it. */
export function nextSort(filters: RegistrationFilters, column: SortColumn): Pick<RegistrationFilters, 'sort' | 'dir'> {
  if (filters.sort !== column) return { sort: column, dir: 'asc' };
  return { sort: column, dir: filters.dir === 'asc' ? 'desc' : 'asc' };
}
