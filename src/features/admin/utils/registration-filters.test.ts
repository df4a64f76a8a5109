import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  DEFAULT_FILTERS,
  filtersFromSearchParams,
  filtersToApiQuery,
  filtersToSearchParams,
  nextSort,
} from './registration-filters';

describe('registration filters in the URL', () => {
  it('reads defaults from an empty URL and writes nothing back', () => {
    const filters = filtersFromSearchParams(new URLSearchParams(''));
    expect(filters).toEqual(DEFAULT_FILTERS);
    expect(filtersToSearchParams(filters).toString()).toBe('');
  });

  it('round-trips search, category, city, duplicates, venue and payment filters and sort', () => {
    const url = new URLSearchParams('q=asha&category=crawling&city=Chennai&duplicates=1&checkedIn=no&fee=unpaid&payment=part_paid&sort=age&dir=desc');
    const filters = filtersFromSearchParams(url);
    expect(filters).toEqual({
      q: 'asha',
      category: 'crawling',
      city: 'Chennai',
      duplicates: true,
      day: null,
      type: null,
      ageMonths: null,
      checkedIn: 'no',
      fee: 'unpaid',
      payment: 'part_paid',
      sort: 'age',
      dir: 'desc',
    });
    expect(filtersFromSearchParams(new URLSearchParams('checkedIn=maybe&fee=free&payment=maybe'))).toMatchObject({ checkedIn: null, fee: null, payment: null });
    expect(filtersFromSearchParams(filtersToSearchParams(filters))).toEqual(filters);
  });

  it('round-trips the overview filters (day, type, baby age) and ignores malformed ones', () => {
    const filters = filtersFromSearchParams(new URLSearchParams('category=crawling&ageMonths=7&day=2027-03-01&type=institute'));
    expect(filters).toMatchObject({ category: 'crawling', ageMonths: 7, day: '2027-03-01', type: 'institute' });
    expect(filtersToSearchParams(filters).toString()).toBe('category=crawling&day=2027-03-01&type=institute&ageMonths=7');
    expect(filtersFromSearchParams(new URLSearchParams('ageMonths=x&day=yesterday&type=robot'))).toMatchObject({ ageMonths: null, day: null, type: null });
  });

  it('ignores values a hand-edited URL might carry that the API would refuse', () => {
    const filters = filtersFromSearchParams(new URLSearchParams('category=chess&sort=password&dir=sideways'));
    expect(filters.category).toBeNull();
    expect(filters.sort).toBe('name');
    expect(filters.dir).toBe('asc');
  });

  it('always tells the API the sort, and adds cursor and limit', () => {
    const query = new URLSearchParams(filtersToApiQuery({ ...DEFAULT_FILTERS, city: 'Tambaram' }, { cursor: 'abc', limit: '100' }));
    expect(Object.fromEntries(query)).toEqual({ city: 'Tambaram', sort: 'name', dir: 'asc', cursor: 'abc', limit: '100' });
  });

  it('counts the active filters for the Filters (n) button', () => {
    expect(activeFilterCount(DEFAULT_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...DEFAULT_FILTERS, q: 'x' })).toBe(0);
    expect(activeFilterCount({ ...DEFAULT_FILTERS, category: 'yoga', city: 'Chennai', duplicates: true })).toBe(3);
  });

  it('sorts ascending on the first click and flips on the next', () => {
    const first = nextSort(DEFAULT_FILTERS, 'city');
    expect(first).toEqual({ sort: 'city', dir: 'asc' });
    expect(nextSort({ ...DEFAULT_FILTERS, ...first }, 'city')).toEqual({ sort: 'city', dir: 'desc' });
    expect(nextSort(DEFAULT_FILTERS, 'name')).toEqual({ sort: 'name', dir: 'desc' });
  });
});
