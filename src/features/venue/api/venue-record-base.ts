import type { VenueSession } from '@domain/season';
import { deviceId } from '../utils/device-id';
import type { RosterRow } from './roster-db';
import type { StaffSession } from './staff-session';

/** What a check-in or a fee record starts with: a new id, the child, the session and this device. */
export function venueRecordBase(session: VenueSession, child: RosterRow) {
  return { id: crypto.randomUUID(), registrationId: child.registrationId, sessionId: session.id, deviceId: deviceId() };
}

/** What the saved list shows of a venue record about a child on the roster, and who made it. */
export function rosterLabels(staff: StaffSession, child: RosterRow) {
  return { staffUsername: staff.username, childName: child.childName, referenceCode: child.referenceCode };
}
