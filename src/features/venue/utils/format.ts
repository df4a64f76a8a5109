import { formatAge } from '@domain/age-bands';
import { categoryBySlug, isCategorySlug } from '@domain/categories';
import type { RosterRow } from '../api/roster-db';

export function timeOf(iso: string): string {
  return new Date(iso).toLocaleString('en-IN', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}

export function categoriesOf(row: Pick<RosterRow, 'categories'>): string {
  return row.categories.map((slug) => (isCategorySlug(slug) ? categoryBySlug(slug).name : slug)).join(', ');
}

export function ageOf(row: Pick<RosterRow, 'age' | 'ageUnit'>): string {
  return row.age === null || row.ageUnit === null ? '—' : formatAge(row.age, row.ageUnit);
}

export function who(first: { at: string; by: string; deviceId: string }): string {
  return `at ${timeOf(first.at)} by ${first.by} on device ${first.deviceId}`;
}
