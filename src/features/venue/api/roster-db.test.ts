import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { seedLegacyRosters } from '@/lib/outbox/testing';
import { expireRosters } from './roster';
import { rosterRow } from '../testing';
import { rosterDb, type RosterState } from './roster-db';

const row = (registrationId: string) => rosterRow({ registrationId });

describe("venue mode's roster database", () => {
  it('takes over, on first use, a roster an older build kept in the outbox database, so an update loses nothing offline', async () => {
    const state: RosterState = { sessionId: 's1', cursor: 'c1', downloadedAt: 1, expiresAt: Date.now() + 86_400_000, count: 2 };
    await seedLegacyRosters([row('r1'), row('r2')], [state]);

    const db = rosterDb();
    expect(await db.roster.where('sessionId').equals('s1').count()).toBe(2);
    expect(await db.rosters.get('s1')).toEqual(state);
    // Once only: the outbox's copy is gone, so clearing here clears the phone.
    db.close();
    await db.open();
    expect(await db.roster.count()).toBe(2);
    expect(await expireRosters(db, state.expiresAt)).toBe(1);
    expect(await db.roster.count()).toBe(0);
  });
});
