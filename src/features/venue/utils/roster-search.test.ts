import { describe, expect, it } from 'vitest';
import type { RosterRow } from '../api/roster-db';
import { searchKey, searchRoster } from './roster-search';

function row(childName: string, referenceCode: string, guardianName = 'Lakshmi'): RosterRow {
  return {
    sessionId: 's',
    registrationId: crypto.randomUUID(),
    referenceCode,
    childName,
    categories: ['crawling'],
    age: 6,
    ageUnit: 'months',
    guardianName,
    phoneLast4: '4321',
    fee: null,
    checkIn: null,
    searchName: searchKey(`${childName} ${guardianName}`),
  };
}

describe('searching the roster on the device', () => {
  const rows = [row('Kavin Kumar', 'KTC-7F3K-9QX2'), row('Meera Raman', 'KTC-AAAA-BBBB', 'Priya'), row('Nila', 'KTC-1234-5678')];

  it('finds a child by the start of any word of the name or the guardian name', () => {
    expect(searchRoster(rows, 'kav').map((r) => r.childName)).toEqual(['Kavin Kumar']);
    expect(searchRoster(rows, 'raman').map((r) => r.childName)).toEqual(['Meera Raman']);
    expect(searchRoster(rows, 'priya').map((r) => r.childName)).toEqual(['Meera Raman']);
    expect(searchRoster(rows, 'umar')).toEqual([]);
  });

  it('finds a reference code however it is typed', () => {
    expect(searchRoster(rows, 'ktc 7f3k 9qx2').map((r) => r.childName)).toEqual(['Kavin Kumar']);
    expect(searchRoster(rows, '7F3K').map((r) => r.childName)).toEqual(['Kavin Kumar']);
  });

  // Its speed on a phone is the bench's figure (part 6: offline search p95 over 5,000 children).
  it('finds the one child among 5,000 by name or code, and nothing for a stranger', () => {
    const many = Array.from({ length: 5_000 }, (_, i) => row(`Child ${i} Name${i % 97}`, `KTC-${String(i).padStart(4, '0')}-AAAA`));
    expect(searchRoster(many, 'KTC-4999-AAAA').map((r) => r.childName)).toEqual(['Child 4999 Name52']);
    expect(searchRoster(many, 'name96').every((r) => r.childName.endsWith('Name96'))).toBe(true);
    expect(searchRoster(many, 'name96').length).toBeGreaterThan(0);
    expect(searchRoster(many, 'zzz')).toEqual([]);
  });
});
