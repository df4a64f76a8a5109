import type { VenueSession } from '@domain/season';
import type { CheckInRecord, FeeRecord } from '@/lib/outbox';
import type { RosterRow } from '../api/roster-db';
import { who } from './format';

/**
 * Whether the child is checked in, in one sentence, or null when not yet. The server's word wins:
 * when it answered that another device was first, that device's check-in is the one shown, and
 * this device's own is not mentioned as if it counted.
 */
export function checkInSentence(child: Pick<RosterRow, 'checkIn'>, local: CheckInRecord | undefined, thisDevice: string): string | null {
  const first = local?.firstCheckIn;
  if (first && first.deviceId !== thisDevice) return `Another device was first: checked in ${who(first, thisDevice)}.`;
  const checkIn =
    first ?? child.checkIn ?? (local ? { at: local.payload.checkedInAt, by: local.staffUsername, deviceId: local.payload.deviceId } : null);
  if (!checkIn) return null;
  return `${checkIn.deviceId === thisDevice ? 'Checked in' : 'Already checked in'} ${who(checkIn, thisDevice)}.`;
}

/** Whether the child's fee is paid or waived, in one sentence, or null when neither yet. Same rule as check-in. */
export function feeSentence(
  child: Pick<RosterRow, 'fee'>,
  local: FeeRecord | undefined,
  session: Pick<VenueSession, 'feeRupees'>,
  thisDevice: string,
): string | null {
  const what = (status: 'paid' | 'waived') => (status === 'paid' ? `paid (₹${session.feeRupees})` : 'waived');
  const first = local?.firstFee;
  if (first && first.deviceId !== thisDevice) return `Another device recorded the fee first: ${what(first.status)} ${who(first, thisDevice)}.`;
  const fee =
    first ??
    child.fee ??
    (local ? { status: local.payload.status, by: local.staffUsername, deviceId: local.payload.deviceId, at: local.payload.recordedAt } : null);
  if (!fee) return null;
  return `Fee ${what(fee.status)} ${who(fee, thisDevice)}.`;
}
