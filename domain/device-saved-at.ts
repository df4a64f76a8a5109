/**
 * When a record was first saved on the device, sent by the outbox beside the record (like the
 * record secret, it is not part of the record's content, so a replay with another value is still
 * "the same record"). The server keeps it to show how late field devices sync (the admin
 * overview's field health chart).
 */
export const DEVICE_SAVED_AT_FIELD = 'savedAt';

/**
 * The device time as stored: a valid ISO time, never later than `receivedAt` (device clocks run
 * fast) and never more than a year earlier (a wrong clock, not a real delay). null otherwise.
 */
export function deviceSavedAt(value: unknown, receivedAt: Date): Date | null {
  if (typeof value !== 'string' || value.length > 40) return null;
  const time = Date.parse(value);
  if (!Number.isFinite(time)) return null;
  const year = 366 * 24 * 60 * 60 * 1000;
  if (time < receivedAt.getTime() - year) return null;
  return new Date(Math.min(time, receivedAt.getTime()));
}
