import { adminCategoryName, categoryBySlug, type CategorySlug } from '@domain/categories';
import type { AgeUnit } from '@domain/age-bands';
import { SEASON } from '@domain/season';

/** Short age with its unit, so a 7-month-old and a 7-year-old never look alike: '7 mo', '6 y'. */
export function formatShortAge(age: number | null, unit: AgeUnit | null): string {
  if (age === null) return '—';
  return `${age} ${unit === 'months' ? 'mo' : 'y'}`;
}

export function categoryLabel(slug: CategorySlug): string {
  return adminCategoryName(categoryBySlug(slug));
}

const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

const chennaiDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: SEASON.timeZone });

/** The day in Chennai that ends at a deadline (the last day to do something), e.g. "26 April 2027". */
export function lastDayBefore(iso: string): string {
  return chennaiDay.format(new Date(new Date(iso).getTime() - 1));
}

export function formatDateTime(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateTime.format(date);
}

/** An amount in paise as the admin pages write it: ₹99, ₹10.50. */
export function rupeesOfPaise(paise: number | null): string {
  if (paise === null) return '—';
  return `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: paise % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;
}
