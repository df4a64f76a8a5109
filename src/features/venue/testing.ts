// For tests only: a baby on a venue session's roster, as the download stores it.
import type { RosterRow } from './api/roster-db';

export function rosterRow(overrides: Partial<RosterRow> = {}): RosterRow {
  return {
    sessionId: 's1',
    registrationId: crypto.randomUUID(),
    referenceCode: 'KTC-AAAA-BBBB',
    childName: 'Kavin',
    categories: ['crawling'],
    age: 6,
    ageUnit: 'months',
    guardianName: 'Lakshmi',
    phoneLast4: '3210',
    checkIn: null,
    fee: null,
    searchName: 'kavin lakshmi',
    ...overrides,
  } as RosterRow;
}
