import { describe, expect, it } from 'vitest';
import type { VenueRecord } from '@/lib/outbox';
import { endOfDaySummary } from './end-of-day-summary';

const HERE = 'dev-here';
const first = { at: '2027-04-18T02:25:00.000Z', by: 'hall-staff-a', deviceId: 'dev-there' };

const checkIn = (firstCheckIn: typeof first | null = null) =>
  ({ kind: 'check-in', payload: { deviceId: HERE }, firstCheckIn }) as unknown as VenueRecord;
const fee = (status: 'paid' | 'waived', firstFee: (typeof first & { status: 'paid' }) | null = null) =>
  ({ kind: 'fee', payload: { deviceId: HERE, status }, firstFee }) as unknown as VenueRecord;
const walkIn = () => ({ kind: 'walk-in', payload: {} }) as unknown as VenueRecord;

describe("the end of day's count of what this device did", () => {
  it('counts walk-ins, check-ins, fees paid and waived', () => {
    expect(endOfDaySummary([walkIn(), checkIn(), checkIn(), fee('paid'), fee('waived')])).toEqual({
      walkIns: 1,
      checkIns: 2,
      checkInsFirstElsewhere: 0,
      paid: 1,
      waived: 1,
      feesFirstElsewhere: 0,
    });
  });

  it('a check-in or a fee another device recorded first counts as that device’s, not this one’s', () => {
    const summary = endOfDaySummary([checkIn(), checkIn(first), fee('paid'), fee('paid', { ...first, status: 'paid' })]);
    expect(summary).toMatchObject({ checkIns: 1, checkInsFirstElsewhere: 1, paid: 1, feesFirstElsewhere: 1 });
  });
});
