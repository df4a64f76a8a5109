import 'fake-indexeddb/auto';
import type { RosterPage } from '@domain/venue';
import { VENUE_SESSIONS } from '@domain/season';
import { afterEach, describe, expect, it } from 'vitest';
import { rosterRow } from '../testing';
import { downloadRoster } from './roster';
import { RosterDatabase } from './roster-db';

const session = VENUE_SESSIONS[0]!;
let db: RosterDatabase | null = null;

afterEach(async () => {
  await db?.delete();
  db = null;
});

function entries(count: number, from = 0) {
  return Array.from({ length: count }, (_, i) => {
    const { sessionId: _s, searchName: _n, ...entry } = rosterRow({ registrationId: `r${from + i}`, childName: `Baby ${from + i}` });
    return entry;
  });
}

describe('downloading a roster page by page', () => {
  it('reports progress after each page, and the roster counts as complete only with the last one', async () => {
    db = new RosterDatabase(`roster-test-${crypto.randomUUID()}`);
    const pages: RosterPage[] = [
      { entries: entries(3), removed: [], cursor: 'c1', complete: false },
      { entries: entries(2, 3), removed: [], cursor: 'c2', complete: true },
    ];
    const seen: { received: number; complete: boolean | undefined; count: number | undefined }[] = [];
    const target = db;

    const state = await downloadRoster(session, {
      db: target,
      fetchPage: () => Promise.resolve(pages.shift()!),
      onProgress: (received) => {
        void target.rosters.get(session.id).then((saved) => seen.push({ received, complete: saved?.complete, count: saved?.count }));
      },
    });

    expect(state).toMatchObject({ count: 5, complete: true, cursor: 'c2' });
    // The last progress callback's read is queued behind nothing: one more read lets it land.
    await target.rosters.get(session.id);
    expect(seen).toEqual([
      { received: 3, complete: false, count: 3 },
      { received: 5, complete: true, count: 5 },
    ]);
  });

  it('a download cut off part way is saved as incomplete and resumes from where it stopped', async () => {
    db = new RosterDatabase(`roster-test-${crypto.randomUUID()}`);
    const cursors: (string | undefined)[] = [];
    await expect(
      downloadRoster(session, {
        db,
        fetchPage: (_id, cursor) => {
          cursors.push(cursor);
          return cursor ? Promise.reject(new Error('connection lost')) : Promise.resolve({ entries: entries(3), removed: [], cursor: 'c1', complete: false });
        },
      }),
    ).rejects.toThrow('connection lost');
    expect(await db.rosters.get(session.id)).toMatchObject({ count: 3, complete: false });

    const state = await downloadRoster(session, {
      db,
      fetchPage: (_id, cursor) => {
        cursors.push(cursor);
        return Promise.resolve({ entries: entries(2, 3), removed: [], cursor: 'c2', complete: true });
      },
    });
    expect(state).toMatchObject({ count: 5, complete: true });
    expect(cursors).toEqual([undefined, 'c1', 'c1']);
  });
});
