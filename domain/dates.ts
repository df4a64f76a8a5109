/**
 * Strict dates and device times, shared by both sides. A calendar day must exist (no 31
 * February, which JavaScript would quietly roll into March) and lie in a plausible span: this
 * product's records are from this century, and year 0 or 1 is a broken clock or a forgery.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const FIRST_YEAR = 2000;
const LAST_YEAR = 2100;

/** A real calendar day written YYYY-MM-DD, between 2000 and 2100. */
export function isRealDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < FIRST_YEAR || year > LAST_YEAR) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An ISO time whose year is plausible (the schemas check the ISO form itself). */
export function isPlausibleTime(text: string): boolean {
  const time = Date.parse(text);
  if (!Number.isFinite(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= FIRST_YEAR && year <= LAST_YEAR;
}

/**
 * Whether a time a device reports (consent ticked, child checked in, fee taken) is plausible
 * against the server's clock: at most a year old (a record queued offline for weeks is normal;
 * years is a wrong clock or a forgery, and a phone whose clock is that far off cannot open an
 * https connection anyway) and at most a day ahead (device clocks run fast; the stores keep
 * the earlier of the two). Deterministic for a replay for a year, so idempotency holds.
 */
export function isPlausibleDeviceTime(text: string, receivedAt: Date): boolean {
  const time = Date.parse(text);
  const day = 24 * 60 * 60 * 1000;
  return Number.isFinite(time) && time >= receivedAt.getTime() - 366 * day && time <= receivedAt.getTime() + day;
}

export const IMPLAUSIBLE_DEVICE_TIME = 'This time is not plausible: check the date and time on this device.';
