import { formatAge } from '@domain/age-bands';
import { categoryBySlug, isCategorySlug } from '@domain/categories';
import type { VenueSession } from '@domain/season';
import type { VenueWho } from '@domain/venue';
import type { RosterRow } from '../api/roster-db';

export function timeOf(iso: string): string {
  return new Date(iso).toLocaleString('en-IN', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}

/** A session's day in full: "Sunday, 18 April 2027". */
export function dayOf(session: Pick<VenueSession, 'date'>): string {
  return new Date(`${session.date}T00:00:00Z`).toLocaleDateString('en-IN', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
}

export function categoriesOf(row: Pick<RosterRow, 'categories'>): string {
  return row.categories.map((slug) => (isCategorySlug(slug) ? categoryBySlug(slug).name : slug)).join(', ');
}

export function ageOf(row: Pick<RosterRow, 'age' | 'ageUnit'>): string {
  return row.age === null || row.ageUnit === null ? '—' : formatAge(row.age, row.ageUnit);
}

/** How a device is named to staff: its name once it has one ("Hall phone 2"), else its id. */
export function deviceLabel(record: Pick<VenueWho, 'deviceId' | 'deviceName'>): string {
  return record.deviceName ?? `device ${record.deviceId}`;
}

/** "at 18 Apr, 07:55 am by hall-staff on this device" (or "on Hall phone 2" for another one). */
export function who(record: VenueWho, thisDevice: string): string {
  return `at ${timeOf(record.at)} by ${record.by} on ${record.deviceId === thisDevice ? 'this device' : deviceLabel(record)}`;
}
