import { describe, expect, it } from 'vitest';
import { assignSlots, finaleTitle, placesInPool, slotStart, slotTimeLabel, stageSessionsOf, type StageSession } from './later-levels';

const session = (id: string, category: 'dance' | 'singing', startTime: `${number}:${number}`, capacity: number): StageSession => ({
  id,
  levelId: 'level2',
  title: id,
  venue: 'Hall',
  date: '2027-08-29',
  startTime,
  categories: [category],
  ageBand: '6-8',
  capacity,
});

describe('stage slots (issue 46, ADR 036)', () => {
  const dance = session('dance', 'dance', '09:00', 4);
  const singing = session('singing', 'singing', '09:00', 4);

  it('times slots from the session start, 5 minutes on stage and 3 of changeover each', () => {
    expect(slotStart(dance, 1).toISOString()).toBe('2027-08-29T03:30:00.000Z');
    expect(slotStart(dance, 3).toISOString()).toBe('2027-08-29T03:46:00.000Z');
    expect(slotTimeLabel(slotStart(dance, 2), 'en')).toMatch(/^9:08\s?am$/i);
  });

  it('seats children in line order, first free slot first', () => {
    const seats = assignSlots([dance], [], ['a', 'b', 'c'].map((id) => ({ id, pool: 'dance|6-8', shared: [`email:${id}`] })));
    expect(seats.map((seat) => [seat.id, seat.slot, seat.clash])).toEqual([
      ['a', 1, false],
      ['b', 2, false],
      ['c', 3, false],
    ]);
  });

  it('never puts a sibling or a classmate on another stage at the same time, and flags it when it cannot help it', () => {
    // A dancer and a singer of one family, both first in their lines: the singer goes one slot later.
    const family = ['email:raman@example.org'];
    const seats = assignSlots(
      [dance, singing],
      [],
      [
        { id: 'dancer', pool: 'dance|6-8', shared: family },
        { id: 'singer', pool: 'singing|6-8', shared: family },
        { id: 'other', pool: 'singing|6-8', shared: ['email:other@example.org'] },
      ],
    );
    expect(seats.find((seat) => seat.id === 'dancer')).toMatchObject({ sessionId: 'dance', slot: 1, clash: false });
    expect(seats.find((seat) => seat.id === 'singer')).toMatchObject({ sessionId: 'singing', slot: 2, clash: false });
    expect(seats.find((seat) => seat.id === 'other')).toMatchObject({ sessionId: 'singing', slot: 1, clash: false });

    // Slots already held count, and a held slot is never given again.
    const held = [{ sessionId: 'dance', slot: 1, shared: ['institute:natya kala'] }];
    const classmates = assignSlots([dance, singing], held, [{ id: 'classmate', pool: 'singing|6-8', shared: ['institute:natya kala'] }]);
    expect(classmates[0]).toMatchObject({ sessionId: 'singing', slot: 2 });
    const next = assignSlots([dance], held, [{ id: 'x', pool: 'dance|6-8', shared: [] }]);
    expect(next[0]).toMatchObject({ slot: 2 });

    // One free slot left, at the same time as the sibling's: given, and flagged for the admin.
    const full = session('tiny', 'singing', '09:00', 1);
    const forced = assignSlots([dance, full], [{ sessionId: 'dance', slot: 1, shared: family }], [{ id: 'singer', pool: 'singing|6-8', shared: family }]);
    expect(forced[0]).toMatchObject({ sessionId: 'tiny', slot: 1, clash: true });
    // No seat left: nobody is seated.
    expect(assignSlots([full], [{ sessionId: 'tiny', slot: 1, shared: [] }], [{ id: 'late', pool: 'singing|6-8', shared: [] }])).toEqual([]);
  });

  it('gives a pool as many places as qualified, at most its seats', () => {
    expect(placesInPool(20, [dance, singing])).toBe(8);
    expect(placesInPool(3, [dance])).toBe(3);
    expect(placesInPool(0, [dance])).toBe(0);
  });

  it('names the finale’s first three in both languages', () => {
    expect([1, 2, 3, 4].map((place) => finaleTitle(place, 'en'))).toEqual(['Champion', 'First runner-up', 'Second runner-up', null]);
    expect(finaleTitle(1, 'ta')).toBe('சாம்பியன்');
    expect(finaleTitle(null, 'en')).toBeNull();
  });

  it('reads the season module: each later session has seats and a contest and age band', () => {
    for (const levelId of ['level2', 'level3'] as const) {
      const sessions = stageSessionsOf(levelId);
      expect(sessions.length).toBeGreaterThan(0);
      for (const s of sessions) {
        expect(s.capacity).toBeGreaterThan(0);
        expect(s.ageBand).not.toBeNull();
      }
    }
  });
});
