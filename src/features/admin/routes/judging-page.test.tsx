// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEVEL1_ROUND } from '@domain/judging';
import type { ModeratedEntry, Moderation } from '../api/judging';
import { fakeApi, json } from '../testing/fake-api';
import { currentLocation, renderAdmin } from '../testing/render-admin';
import { JudgingPage } from './judging-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ROUND_ID = '5a0d9a52-3c1e-4f7a-9b55-0f4a1b2c3d4e';
const JUDGE_ID = '9c3e1f20-1111-4c0e-9d65-2f3e0d1a7c33';
const round = {
  id: ROUND_ID,
  levelId: 'level1',
  state: 'closed',
  settings: LEVEL1_ROUND,
  scoringDeadline: null,
  openedAt: '2027-04-01T10:00:00.000Z',
  closedAt: '2027-04-20T10:00:00.000Z',
  resultsAt: null,
  publishedAt: null,
};

function entry(number: number, overrides: Partial<ModeratedEntry> = {}): ModeratedEntry {
  return {
    entryId: `00000000-0000-4000-8000-00000000000${number}`,
    pool: 'drawing:6-8',
    final: 70,
    place: null,
    qualifies: false,
    judges: [],
    spread: 0,
    flagged: false,
    tieBreaks: {},
    number,
    category: 'drawing',
    ageBand: '6-8',
    judgesAssigned: 3,
    attention: [],
    panel: [],
    notes: [],
    ...overrides,
  };
}

/** A round of 3 entries served two at a time; entry 3 has a note, hidden once the admin hides it. */
function serveRound() {
  let hidden = false;
  const note = () => ({ judgeId: JUDGE_ID, written: 'Lovely colours.', moderated: null, hidden, username: 'anitha@example.org' });
  const page = (entries: ModeratedEntry[], nextCursor: string | null, filtered = 3): Moderation => ({
    round: round as Moderation['round'],
    entries,
    nextCursor,
    total: 3,
    filtered,
    counts: { all: 3, look: 1, apart: 1, short: 0, notes: 1 },
    contests: [{ category: 'drawing', entries: 3 }],
    judges: [],
    progress: [],
  });
  return fakeApi({
    'GET /api/judging/rounds/level1': () => json({ round, judges: [] }),
    [`GET /api/judging/rounds/${ROUND_ID}/moderation`]: ({ url }) => {
      if (url.searchParams.get('show') === 'look') return json(page([entry(2, { flagged: true, spread: 41.5, attention: ['apart'] })], null, 1));
      if (url.searchParams.get('cursor') === '2') return json(page([entry(3, { attention: ['notes'], notes: [note()] })], null));
      return json(page([entry(1), entry(2, { flagged: true, spread: 41.5, attention: ['apart'] })], '2'));
    },
    [`PUT /api/judging/rounds/${ROUND_ID}/entries/${entry(3).entryId}/notes/${JUDGE_ID}`]: ({ body }) => {
      hidden = (body as { hidden: boolean }).hidden;
      return json({ written: 'Lovely colours.', moderated: null, hidden });
    },
  });
}

describe('the judging page’s entries', () => {
  it('come a page at a time with the counts, and a note on a later page is hidden in place', async () => {
    const api = serveRound();
    const user = userEvent.setup();
    renderAdmin(<JudgingPage />, '/admin/judging');
    expect(await screen.findByText('Showing 2 of 3 entries, by number.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '2' }).closest('tr')!.textContent).toContain('Judges differ by 41.5 points');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const third = await screen.findByRole('link', { name: '3' });
    expect(document.activeElement).toBe(third);
    expect(screen.getByText('Showing 3 of 3 entries, by number.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(api.calls.filter((call) => call.url.pathname.endsWith('/moderation')).map((call) => call.url.searchParams.get('cursor'))).toEqual([null, '2']);

    const row = third.closest('tr')!;
    expect(row.textContent).toContain('1 note to the family');
    await user.click(within(row).getByRole('button', { name: 'Hide anitha@example.org’s note' }));
    await waitFor(() => expect(within(screen.getByRole('link', { name: '3' }).closest('tr')!).getByText(/hidden from the family/)).toBeTruthy());
    const put = api.calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toEqual({ text: null, hidden: true });
  });

  it('narrow to the entries that need a look, with each choice’s count, kept in the address', async () => {
    const api = serveRound();
    const user = userEvent.setup();
    renderAdmin(<JudgingPage />, '/admin/judging');
    const show = await screen.findByRole('combobox', { name: 'Show' });
    expect([...(show as HTMLSelectElement).options].map((option) => option.textContent)).toEqual([
      'Every entry (3)',
      'Entries that need a look (1)',
      'Judges far apart (1)',
      'Too few judges or score sheets (0)',
      'With notes to the family (1)',
    ]);
    await user.selectOptions(show, 'look');
    expect(await screen.findByText('Showing 1 of 1 entry, by number; 3 entries in the round.')).toBeTruthy();
    expect(currentLocation).toBe('/admin/judging?show=look');
    expect(api.calls.at(-1)!.url.searchParams.get('show')).toBe('look');
    expect(screen.queryByRole('link', { name: '1' })).toBeNull();
  });
});
