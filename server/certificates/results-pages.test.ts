import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useFamilyHarness } from '../../tests/setup/family-harness';
import { drawingRound, scoredDrawingEntries } from '../../tests/setup/judging-fixtures';
import { stopAfter } from '../../tests/setup/stopped-slices';
import { testDatabaseKinds } from '../../tests/setup/test-database';
import { registrations, resultsPages } from '../db/schema';
import { setResultsName } from '../db/stores/registration-admin-store';
import { publishResultsPages, rebuildResultsPages, renderResultsPages } from './results-pages';

type Pages = Record<string, string>;

describe.each(testDatabaseKinds())('the results pages rebuilt in pieces on %s', (kind) => {
  const h = useFamilyHarness(kind);

  it('are the pages one whole render makes, and a rebuild stopped anywhere leaves a visitor the old pages or the new, never a mix', async () => {
    // Two pools (ages 6 to 8 and 9 to 12), the first child alone in the first one.
    const children = [
      { name: 'Arun Kumar', age: 7, score: 9 },
      { name: 'Bala Murugan', age: 10, score: 8 },
      { name: 'Chitra Devi', age: 10, score: 7 },
      { name: 'Deepa Raj', age: 9, score: 6 },
    ];
    const { codes, scores } = await scoredDrawingEntries(
      h,
      children.map((child, index) => ({ score: child.score, registration: { name: child.name, email: `pages${index}@example.org`, phone: `+91 90000 4444${index}`, age: child.age } })),
    );
    await drawingRound(h, scores, 'published');
    const { db } = h.t.deps.database;
    const stored = async (): Promise<Pages> => Object.fromEntries((await db.select({ path: resultsPages.path, html: resultsPages.html }).from(resultsPages)).map((row) => [row.path, row.html]));
    const render = async (size?: number): Promise<Pages> => Object.fromEntries((await renderResultsPages(db, size ? { size } : {})).map((page) => [page.path, page.html]));
    const [first] = await db.select({ id: registrations.id }).from(registrations).where(eq(registrations.referenceCode, codes[0]!));
    const firstPool = '/results/level1/drawing/6-8';

    // Read a pool per statement or all at once: the same pages, and the publish stored exactly those.
    const shown = await render();
    expect(Object.keys(shown).sort()).toEqual(['/results', '/results/level1/drawing/6-8', '/results/level1/drawing/9-12', '/ta/results', '/ta/results/level1/drawing/6-8', '/ta/results/level1/drawing/9-12']);
    expect(await render(1)).toEqual(shown);
    expect(await stored()).toEqual(shown);
    expect(shown[firstPool]).toContain('Arun K.');

    // The first family asks to be shown by its code. A rebuild stopped after any number of pieces
    // leaves every page as it was; the one that finishes changes them all at once.
    await setResultsName(db, first!.id, 'code');
    const byCode = await render();
    expect(byCode[firstPool]).not.toContain('Arun K.');
    expect(byCode[firstPool]).toContain(codes[0]);
    let stops = 0;
    while (await rebuildResultsPages(db, { size: 1, slices: stopAfter(stops) }).then(() => false, () => true)) {
      expect(await stored()).toEqual(shown);
      stops += 1;
    }
    expect(stops).toBeGreaterThan(3);
    expect(await stored()).toEqual(byCode);

    // As at a first publish, no page stored: stopped midway, the index is not there yet (a visitor
    // reads "no results yet"), and any pool page there is already the finished one.
    await db.delete(resultsPages);
    for (let turns = 0; await rebuildResultsPages(db, { size: 1, slices: stopAfter(turns) }).then(() => false, () => true); turns += 1) {
      const midway = await stored();
      expect(midway['/results']).toBeUndefined();
      expect(midway['/ta/results']).toBeUndefined();
      for (const [path, html] of Object.entries(midway)) expect(html).toBe(byCode[path]);
      expect(await (await h.t.request('/results')).text()).toContain('No results have been published yet');
    }
    expect(await stored()).toEqual(byCode);

    // A render that began reading before another's (another instance) finishes after it: dropped.
    let reached: () => void = () => {};
    const atGate = new Promise<void>((resolve) => (reached = resolve));
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let turn = 0;
    const older = rebuildResultsPages(db, {
      size: 1,
      slices: {
        async between() {
          turn += 1;
          if (turn === 1) {
            reached();
            await gate;
          }
        },
      },
    });
    await atGate; // it has read the first pool: its child still by code
    await setResultsName(db, first!.id, 'initial');
    await rebuildResultsPages(db);
    expect(await stored()).toEqual(shown);
    release();
    await older;
    expect(await stored()).toEqual(shown);

    // Callers while a rebuild runs share the one after it, which sees every change made before them.
    const running = publishResultsPages(db);
    await setResultsName(db, first!.id, 'code');
    const waiting = [publishResultsPages(db), publishResultsPages(db), publishResultsPages(db)];
    expect(await Promise.all([running, ...waiting])).toEqual([6, 6, 6, 6]);
    expect(await stored()).toEqual(byCode);
  });
});
