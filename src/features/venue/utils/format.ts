import { isCategorySlug } from '@domain/categories';
import { contestName } from '@domain/contest-names';
import type { VenueSession } from '@domain/season';
import type { VenueWho } from '@domain/venue';
import { i18n } from '@/lib/i18n/i18n';
import { isLang, LOCALE, type Lang } from '@/lib/i18n/languages';
import { localizeData } from '@/lib/i18n/localize-data';
import type { RosterRow } from '../api/roster-db';

/**
 * Venue mode's words in the page's language (English at /venue, Tamil at /ta/venue). The page
 * loads one language's catalog, so these read the shared instance rather than a hook: the
 * sentences built here are the same in a component, the header and the tests.
 */
const lang = (): Lang => (isLang(i18n.locale) ? i18n.locale : 'en');
const locale = () => LOCALE[lang()];

export function timeOf(iso: string): string {
  return new Date(iso).toLocaleString(locale(), { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}

/** A session's day in full: "Sunday, 18 April 2027". */
export function dayOf(session: Pick<VenueSession, 'date'>): string {
  return new Date(`${session.date}T00:00:00Z`).toLocaleDateString(locale(), { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
}

/** A session's contest and venue in the page's language (their Tamil is in the catalog: data.venueSession.<id>). */
export function sessionText(session: VenueSession): Pick<VenueSession, 'title' | 'venue'> {
  return localizeData(session, `data.venueSession.${session.id}`, ['title', 'venue'], lang());
}

export function categoriesOf(row: Pick<RosterRow, 'categories'>): string {
  return row.categories.map((slug) => (isCategorySlug(slug) ? contestName(slug, lang()) : slug)).join(', ');
}

export function ageOf(row: Pick<RosterRow, 'age' | 'ageUnit'>): string {
  if (row.age === null || row.ageUnit === null) return '—';
  return row.ageUnit === 'years' ? i18n._('venue.age.years', { count: row.age }) : i18n._('venue.age.months', { count: row.age });
}

/** How a device is named to staff: its name once it has one ("Hall phone 2"), else its id. */
export function deviceLabel(record: Pick<VenueWho, 'deviceId' | 'deviceName'>): string {
  return record.deviceName ?? i18n._('venue.who.deviceId', { id: record.deviceId });
}

/** Who made a record, as the placeholders of a sentence: when, which staff member, which device ("this device" for this one). */
export function who(record: VenueWho, thisDevice: string): { time: string; staff: string; device: string } {
  return { time: timeOf(record.at), staff: record.by, device: record.deviceId === thisDevice ? i18n._('venue.who.thisDevice') : deviceLabel(record) };
}
