import { z } from './zod';
import { BABY_AGE_BANDS, isBabyCategory } from './age-bands';
import type { CategorySlug } from './categories';
import { isPlausibleTime, isRealDay } from './dates';
import { optionalName, requiredName } from './names';
import { REFERENCE_CODE_PATTERN } from './reference-code';
import { VENUE_SESSIONS, type IsoDate, type VenueSession } from './season';
import { plural } from './plural';

/**
 * Venue mode (docs/product.md, "Venue mode"): the records field staff make at an in-person
 * session, as the device stores them in its outbox and as the API accepts them.
 */

/** At most this many venue records travel in one batch request. */
export const VENUE_BATCH_LIMIT = 100;

const sessionId = z
  .string({ error: 'Choose the session.' })
  .refine((id) => VENUE_SESSIONS.some((session) => session.id === id), 'That session is not in this season.');

/** A random id made once per installation (see src/features/venue). */
export const deviceIdSchema = z.string({ error: 'The device id is missing.' }).regex(/^[A-Za-z0-9_-]{8,64}$/, 'The device id is not valid.');

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date of birth as a date.')
  .refine(isRealDay, 'Enter a real date.');

const deviceTime = z.iso
  .datetime({ offset: true, error: 'The time on the device is not valid.' })
  .refine(isPlausibleTime, 'The time on the device is not valid.');

/** The name staff give a device once ("Hall phone 2"), shown wherever its records are. */
export const DEVICE_NAME_MAX = 40;
export const deviceNameSchema = requiredName('the device’s name', DEVICE_NAME_MAX);

/**
 * What venue mode adds to every record: where, and which staff member on which device. The
 * device's name travels with its records (so a name given offline reaches the server with them),
 * with when the device was given it: a record queued before a rename and sent after it carries
 * the older name, which must not come back. A record queued before the device was named has none.
 */
const venueMarkShape = {
  sessionId,
  deviceId: deviceIdSchema,
  deviceName: deviceNameSchema.optional(),
  deviceNamedAt: deviceTime.optional(),
};

/** Who made a venue record: when, which staff member, on which device (and the device's name, once it has one). */
export type VenueWho = { at: string; by: string; deviceId: string; deviceName?: string | null };

export const checkInInputSchema = z.object({
  id: z.uuid({ error: 'The record id must be a UUID.' }),
  registrationId: z.uuid({ error: 'The registration id must be a UUID.' }),
  ...venueMarkShape,
  checkedInAt: deviceTime,
  dateOfBirth: isoDate.nullable().optional(),
});
export type CheckInInput = z.input<typeof checkInInputSchema>;

export const FEE_STATUSES = ['paid', 'waived'] as const;
export type FeeStatus = (typeof FEE_STATUSES)[number];

export const feeInputSchema = z
  .object({
    id: z.uuid({ error: 'The record id must be a UUID.' }),
    registrationId: z.uuid({ error: 'The registration id must be a UUID.' }),
    ...venueMarkShape,
    status: z.enum(FEE_STATUSES, { error: 'Choose paid or waived.' }),
    amountRupees: z.number().int().min(0).max(100_000),
    waiverReason: optionalName('the reason', 200).nullable(),
    recordedAt: deviceTime,
  })
  .superRefine((fee, ctx) => {
    if (fee.status === 'waived' && !fee.waiverReason) {
      ctx.addIssue({ code: 'custom', path: ['waiverReason'], message: 'Say why the fee is waived.' });
    }
  })
  .transform((fee) => ({ ...fee, waiverReason: fee.status === 'waived' ? (fee.waiverReason ?? null) : null }));
export type FeeInput = z.input<typeof feeInputSchema>;

/** A walk-in: a normal registration (validated by the registration schema) plus where and by whom. */
/** The semi-finals and the grand finale are reached by qualifying (issue 46): no walk-ins there. */
export const WALK_IN_REFUSED = 'The semi-finals and the grand finale are reached by qualifying: nobody can be registered here as a walk-in. Only children who accepted their invitation are on this roster.';

export function walkInsAllowed(sessionId: string): boolean {
  return VENUE_SESSIONS.find((session) => session.id === sessionId)?.levelId === 'level1';
}

export const walkInMarkSchema = z.object(venueMarkShape).refine((mark) => walkInsAllowed(mark.sessionId), { path: ['sessionId'], message: WALK_IN_REFUSED });
export type WalkInMark = z.infer<typeof walkInMarkSchema>;

/** One line of a session's roster: only what check-in needs. */
export type RosterEntry = {
  registrationId: string;
  referenceCode: string;
  childName: string;
  categories: CategorySlug[];
  age: number | null;
  ageUnit: 'years' | 'months' | null;
  guardianName: string | null;
  phoneLast4: string;
  fee: (VenueWho & { status: FeeStatus; amountRupees: number }) | null;
  checkIn: VenueWho | null;
};

export type RosterPage = {
  entries: RosterEntry[];
  /** Registrations no longer on the roster (deleted or cancelled) since the cursor. */
  removed: string[];
  /** Send it back as `cursor` to get only what changed since. */
  cursor: string;
  complete: boolean;
};

/** Whole months from the date of birth to the session's date (the day of the month counts). */
export function ageInMonthsOn(dateOfBirth: IsoDate | string, on: IsoDate | string): number | null {
  const birth = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(on);
  if (!birth || !day) return null;
  const [by, bm, bd] = birth.slice(1).map(Number) as [number, number, number];
  const [y, m, d] = day.slice(1).map(Number) as [number, number, number];
  let months = (y - by) * 12 + (m - bm);
  if (d < bd) months -= 1;
  return months;
}

/**
 * The band check at check-in: the band of a baby category of the session the child entered that
 * the age is outside of, or null when it fits them all.
 */
export function ageBandOutside(
  months: number,
  session: Pick<VenueSession, 'categories'>,
  categories: readonly string[],
): { minMonths: number; maxMonths: number } | null {
  for (const slug of session.categories) {
    if (!categories.includes(slug) || !isBabyCategory(slug)) continue;
    const band = BABY_AGE_BANDS[slug];
    if (months < band.minMonths || months > band.maxMonths) return { minMonths: band.minMonths, maxMonths: band.maxMonths };
  }
  return null;
}

/** The band check as the server words it (stored as a flag, answered to the device): null when the age fits. */
export function ageBandWarning(months: number, session: Pick<VenueSession, 'categories'>, categories: readonly string[]): string | null {
  const band = ageBandOutside(months, session, categories);
  return band ? `${plural(months, { one: '# month', other: '# months' })} on the session's day: outside the ${band.minMonths}-${band.maxMonths} months band for this contest.` : null;
}

/** Accepts a scanned or typed reference code inside any text (a QR code holds just the code). */
export function referenceCodeIn(text: string): string | null {
  const match = /KTC-?[0-9A-Z]{4}-?[0-9A-Z]{4}/i.exec(text.trim());
  if (!match) return null;
  const raw = match[0].toUpperCase().replace(/-/g, '');
  const code = `KTC-${raw.slice(3, 7)}-${raw.slice(7, 11)}`;
  return REFERENCE_CODE_PATTERN.test(code) ? code : null;
}
