import { categoryBySlug, isCategorySlug } from '@domain/categories';
import { SEASON } from '@domain/season';

const dayFormat = new Intl.DateTimeFormat('en-IN', { timeZone: SEASON.timeZone, day: 'numeric', month: 'long', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: SEASON.timeZone,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A day in Chennai, e.g. "23 December 2027". */
export const formatDay = (iso: string) => dayFormat.format(new Date(iso));
export const formatDateTime = (iso: string) => timeFormat.format(new Date(iso));

export function categoryName(slug: string): string {
  return isCategorySlug(slug) ? categoryBySlug(slug).name : slug;
}

export function formatAge(age: number | null, unit: 'years' | 'months' | null): string {
  if (age === null) return '—';
  const word = unit === 'months' ? 'month' : 'year';
  return `${age} ${word}${age === 1 ? '' : 's'}`;
}
