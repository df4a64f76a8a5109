import type { VenueSession } from '@domain/season';
import { deviceId, deviceName, deviceNamedAt } from '../utils/device-id';
import type { RosterRow } from './roster-db';
import type { StaffSession } from './staff-session';

/** Where a venue record was made and on which device: the session, this device's id and, once given, its name and when it was given. */
export function venueMark(session: VenueSession) {
  const name = deviceName();
  const namedAt = name ? deviceNamedAt() : null;
  return { sessionId: session.id, deviceId: deviceId(), ...(name ? { deviceName: name } : {}), ...(namedAt ? { deviceNamedAt: namedAt } : {}) };
}

/** What a check-in or a fee record starts with: a new id, the child, the session and this device. */
export function venueRecordBase(session: VenueSession, child: RosterRow) {
  return { id: crypto.randomUUID(), registrationId: child.registrationId, ...venueMark(session) };
}

/** What the saved list shows of a venue record about a child on the roster, and who made it. */
export function rosterLabels(staff: StaffSession, child: RosterRow) {
  return { staffUsername: staff.username, childName: child.childName, referenceCode: child.referenceCode };
}
