import type { VenueSession } from '@domain/season';
import { i18n } from '@/lib/i18n/i18n';
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
  if (first && first.deviceId !== thisDevice) return i18n._('venue.checkIn.otherFirst', who(first, thisDevice));
  const checkIn =
    first ?? child.checkIn ?? (local ? { at: local.payload.checkedInAt, by: local.staffUsername, deviceId: local.payload.deviceId } : null);
  if (!checkIn) return null;
  return checkIn.deviceId === thisDevice ? i18n._('venue.checkIn.done', who(checkIn, thisDevice)) : i18n._('venue.checkIn.already', who(checkIn, thisDevice));
}

/** Whether the child's fee is paid or waived, in one sentence, or null when neither yet. Same rule as check-in. */
export function feeSentence(
  child: Pick<RosterRow, 'fee'>,
  local: FeeRecord | undefined,
  session: Pick<VenueSession, 'feeRupees'>,
  thisDevice: string,
): string | null {
  const what = (status: 'paid' | 'waived') => (status === 'paid' ? i18n._('venue.fee.paidWhat', { amount: session.feeRupees }) : i18n._('venue.fee.waivedWhat'));
  const first = local?.firstFee;
  if (first && first.deviceId !== thisDevice) return i18n._('venue.fee.otherFirst', { what: what(first.status), ...who(first, thisDevice) });
  const fee =
    first ??
    child.fee ??
    (local ? { status: local.payload.status, by: local.staffUsername, deviceId: local.payload.deviceId, at: local.payload.recordedAt } : null);
  if (!fee) return null;
  return i18n._('venue.fee.done', { what: what(fee.status), ...who(fee, thisDevice) });
}
