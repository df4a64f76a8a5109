import { describe, expect, it } from 'vitest';
import { rubricFor } from '@domain/judging';
import { useFamilyHarness } from '../../../tests/setup/family-harness';
import { JUDGE_PASSWORD, readyPhotoEntry } from '../../../tests/setup/judging-fixtures';
import { childRegistration } from '../../../tests/setup/registration-fixtures';
import { json } from '../../../tests/setup/test-app';
import { testDatabaseKinds } from '../../../tests/setup/test-database';
import { signInJudge, withCookie } from '../auth/sign-in-for-tests';

type Page = {
  entries: { entryId: string; number: number; category: string; attention: string[]; notes: { judgeId: string; hidden: boolean }[] }[];
  nextCursor: string | null;
  total: number;
  filtered: number;
  counts: Record<'all' | 'look' | 'apart' | 'short' | 'notes', number>;
  contests: { category: string; entries: number }[];
};

const CHILDREN = ['Anbu Selvan', 'Bhavya Raman', 'Chezhian Murugan', 'Deepika Sekar'] as const;
/** Every criterion of the contest's rubric given the same score. */
function uniform(category: 'drawing' | 'coloring', score: number): Record<string, number> {
  const rubric = rubricFor(category);
  return rubric.kind === 'scores' ? Object.fromEntries(rubric.criteria.map((criterion) => [criterion.id, score])) : {};
}

describe.each(testDatabaseKinds())('the moderation view on %s', (kind) => {
  const h = useFamilyHarness(kind);

  it('pages the round by number, counts and narrows to the entries that need a look, and keeps its actions on any page', async () => {
    // Four children in drawing, three of them in colouring too: seven entries a Drawing Artist may judge.
    const entryIds: Record<'drawing' | 'coloring', string[]> = { drawing: [], coloring: [] };
    for (const [index, name] of CHILDREN.entries()) {
      const categories = index < 3 ? (['drawing', 'coloring'] as const) : (['drawing'] as const);
      const first = name.split(' ')[0]!.toLowerCase();
      const { input } = await h.register(childRegistration({ name, email: `${first}.family@example.org`, phone: `+91 90000 1000${index}`, categories: [...categories], age: 7 }));
      for (const category of categories) entryIds[category].push(await readyPhotoEntry(h, input.referenceCode, category));
    }
    const judges: string[] = [];
    for (const n of [1, 2, 3]) judges.push(await signInJudge(h.t, { username: `moderation-judge-${n}`, password: JUDGE_PASSWORD, expertise: 'Drawing Artist' }));
    const { round } = (await (await h.admin('/api/judging/rounds', json({ levelId: 'level1' }))).json()) as { round: { id: string } };
    const view = async (query: string) => {
      const response = await h.admin(`/api/judging/rounds/${round.id}/moderation${query}`);
      expect(response.status, query).toBe(200);
      return (await response.json()) as Page;
    };

    // Every entry, two at a time: each page in number order, none twice, the last with no cursor.
    const numbers: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Page = await view(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.entries.length).toBeLessThanOrEqual(2);
      expect({ total: page.total, filtered: page.filtered }).toEqual({ total: 7, filtered: 7 });
      numbers.push(...page.entries.map((entry) => entry.number));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor !== null && pages < 10);
    expect(pages).toBe(4);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(new Set(numbers).size).toBe(7);
    // The first page by default holds the whole small round.
    const whole = await view('');
    expect(whole.entries).toHaveLength(7);
    expect(whole.nextCursor).toBeNull();
    expect(whole.contests.sort((a, b) => a.category.localeCompare(b.category))).toEqual([
      { category: 'coloring', entries: 3 },
      { category: 'drawing', entries: 4 },
    ]);
    // While judges score, every entry has its three judges: none needs a look yet.
    expect(whole.counts).toEqual({ all: 7, look: 0, apart: 0, short: 0, notes: 0 });

    // The judges score: drawing's first entry far apart, its second scored by two judges only,
    // and one note to the family on colouring's last entry.
    const [apart, short] = entryIds.drawing;
    const noted = entryIds.coloring.at(-1)!;
    for (const [j, cookie] of judges.entries()) {
      for (const [category, entryId] of [...entryIds.drawing.map((id) => ['drawing', id] as const), ...entryIds.coloring.map((id) => ['coloring', id] as const)]) {
        if (entryId === short && j === 2) continue;
        const scores = uniform(category, entryId === apart ? (j === 0 ? 1 : 10) : 7);
        const familyNote = entryId === noted && j === 2 ? 'Lovely, careful colouring.' : '';
        const saved = await h.t.request(`/api/judge/scores/${entryId}`, withCookie(cookie, json({ scores, comment: '', familyNote, editedAt: '2027-04-20T10:00:00Z' }, 'PUT')));
        expect(saved.status, await saved.clone().text()).toBe(200);
      }
    }
    expect((await h.admin(`/api/judging/rounds/${round.id}/state`, json({ from: 'scoring', to: 'closed' }))).status).toBe(200);

    const closed = await view('');
    expect(closed.counts).toEqual({ all: 7, look: 2, apart: 1, short: 1, notes: 1 });
    const ids = (page: Page) => page.entries.map((entry) => entry.entryId).sort();
    const look = await view('?show=look');
    expect(ids(look)).toEqual([apart!, short!].sort());
    expect(look.filtered).toBe(2);
    expect((await view('?show=apart')).entries.map((entry) => [entry.entryId, entry.attention])).toEqual([[apart, ['apart']]]);
    expect((await view('?show=short')).entries.map((entry) => [entry.entryId, entry.attention])).toEqual([[short, ['short']]]);
    const notes = await view('?show=notes');
    expect(ids(notes)).toEqual([noted]);

    // One contest: its entries and its own counts; the round's total beside them.
    const coloring = await view('?contest=coloring');
    expect(coloring.entries.every((entry) => entry.category === 'coloring')).toBe(true);
    expect({ total: coloring.total, filtered: coloring.filtered, counts: coloring.counts }).toEqual({ total: 7, filtered: 3, counts: { all: 3, look: 0, apart: 0, short: 0, notes: 1 } });
    expect((await view('?contest=coloring&show=look')).entries).toEqual([]);

    // The note is hidden from whichever page it was found on, and the view shows it hidden.
    const note = notes.entries[0]!.notes[0]!;
    const hidden = await h.admin(`/api/judging/rounds/${round.id}/entries/${noted}/notes/${note.judgeId}`, json({ text: null, hidden: true }, 'PUT'));
    expect(hidden.status).toBe(200);
    const onItsPage = (await view(`?show=notes&limit=1`)).entries[0]!;
    expect([onItsPage.entryId, onItsPage.notes.map((n) => n.hidden)]).toEqual([noted, [true]]);

    // Refused: an unknown narrowing, a contest that is none, a broken cursor, a page too large.
    for (const query of ['?show=everything', '?contest=cooking', '?cursor=abc', '?cursor=-1', '?limit=0', '?limit=201']) {
      const refused = await h.admin(`/api/judging/rounds/${round.id}/moderation${query}`);
      expect(refused.status, query).toBe(422);
    }
  });
});
