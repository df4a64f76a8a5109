import { describe, expect, it } from 'vitest';
import { pendingLabel } from './pending-label';

const counts = (registration: number, judge = 0, contact = 0, newsletter = 0, checkIn = 0) => ({
  registration,
  judge,
  contact,
  newsletter,
  'check-in': checkIn,
  fee: 0,
  'walk-in': 0,
  'payment-report': 0,
  score: 0,
  mark: 0,
  heat: 0,
  total: registration + judge + contact + newsletter + checkIn,
});

describe('the sync badge name', () => {
  it('says what is waiting, in words', () => {
    expect(pendingLabel(counts(3))).toBe('3 registrations waiting to sync');
    expect(pendingLabel(counts(1))).toBe('1 registration waiting to sync');
    expect(pendingLabel(counts(0, 1))).toBe('1 judge application waiting to sync');
    expect(pendingLabel(counts(2, 0, 1, 1))).toBe('4 waiting to sync: 2 registrations, 1 message and 1 newsletter sign-up');
    expect(pendingLabel(counts(0, 0, 0, 0, 4))).toBe('4 check-ins waiting to sync');
  });
});
