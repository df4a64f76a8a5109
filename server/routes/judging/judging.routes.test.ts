import { describe, expect, it } from 'vitest';
import { useFamilyHarness } from '../../../tests/setup/family-harness';
import { familyLinkIn, tokenOf } from '../../../tests/setup/smtp-test-server';
import { approvedApplication, invitedJudge, readyPhotoEntry } from '../../../tests/setup/judging-fixtures';
import { childRegistration } from '../../../tests/setup/registration-fixtures';
import { json } from '../../../tests/setup/test-app';
import { testDatabaseKinds } from '../../../tests/setup/test-database';
import { withCookie } from '../auth/sign-in-for-tests';

type QueueEntry = { entryId: string; number: number; category: string; ageBand: string; sheet: { scores: Record<string, number>; comment: string; editedAt: string } | null };
type Queue = { round: { id: string; state: string } | null; entries: QueueEntry[] };

const CHILDREN = [
  { name: 'Aaradhya Venkatesan', institute: 'Little Stars Academy', city: 'Tambaram', email: 'aaradhya.family@example.org', phone: '+91 90000 11111', language: 'en' },
  { name: 'Bharath Kumaresan', institute: 'Sunrise Art School', city: 'Velachery', email: 'bharath.family@example.org', phone: '+91 90000 22222', language: 'ta' },
  { name: 'Charulatha Iyer', institute: 'Sunrise Art School', city: 'Adyar', email: 'charu.family@example.org', phone: '+91 90000 33333', language: 'en' },
  { name: 'Dhanush Ramasamy', institute: null, city: 'Porur', email: 'dhanush.family@example.org', phone: '+91 90000 44444', language: 'en' },
  { name: 'Eswari Natarajan', institute: 'Colour Tree Studio', city: 'Avadi', email: 'eswari.family@example.org', phone: '+91 90000 55555', language: 'ta' },
  { name: 'Farhan Abdullah', institute: 'Colour Tree Studio', city: 'Guindy', email: 'farhan.family@example.org', phone: '+91 90000 66666', language: 'en' },
] as const;

/** Every criterion of the drawing rubric given the same score: the weighted score is that score. */
const uniform = (score: number) => ({ idea: score, skill: score, colour: score, finish: score });

describe.each(testDatabaseKinds())('judging a round on %s', (kind) => {
  const h = useFamilyHarness(kind);

  it('invites judges, assigns blind entries, keeps the last edit, closes, computes and publishes one email per family', async () => {
    // Six children in the drawing contest, each with a checked entry (in the order of their scores below).
    const codes: string[] = [];
    const tokens: string[] = [];
    const entryIds: string[] = [];
    for (const child of CHILDREN) {
      const { input, token } = await h.register(
        childRegistration({ name: child.name, city: child.city, email: child.email, phone: child.phone, language: child.language, categories: ['drawing'], age: 7, ...(child.institute ? { instituteName: child.institute } : {}) }),
      );
      codes.push(input.referenceCode);
      tokens.push(token);
      entryIds.push(await readyPhotoEntry(h, input.referenceCode, 'drawing'));
    }

    // Four approved drawing teachers become judges through the emailed link; one names a conflict first.
    const judges = [];
    for (const [index, expertise] of (['Drawing Artist', 'Drawing Artist', 'Storyboard Artist', 'Drawing Artist'] as const).entries()) {
      const applicationId = await approvedApplication(h, { name: `Judge ${index + 1}`, email: `judge${index + 1}@example.org`, expertise });
      judges.push(await invitedJudge(h, applicationId));
    }
    const asJudge = (judge: { cookie: string }, path: string, init: RequestInit = {}) => h.t.request(path, withCookie(judge.cookie, init));
    const conflicts = await asJudge(judges[0]!, '/api/judge/profile', json({ conflicts: ['Little Stars  ACADEMY'] }, 'PUT'));
    expect(conflicts.status).toBe(200);

    // A judge reaches only the judges' API; an admin does not score.
    expect((await asJudge(judges[0]!, '/api/registrations')).status).toBe(403);
    expect((await asJudge(judges[0]!, '/api/venue/sessions')).status).toBe(403);
    expect((await h.admin('/api/judge/queue')).status).toBe(403);

    const opened = await h.admin('/api/judging/rounds', json({ levelId: 'level1' }));
    expect(opened.status).toBe(200);
    const { round, added, short } = (await opened.json()) as { round: { id: string }; added: number; short: number };
    expect({ added, short }).toEqual({ added: 6, short: 0 });

    const queues: Queue[] = [];
    for (const judge of judges) queues.push((await (await asJudge(judge, '/api/judge/queue')).json()) as Queue);
    // 6 entries x 3 judges spread over 4 judges: 4 or 5 each; the conflicted judge never has Aaradhya's entry.
    expect(queues.map((queue) => queue.entries.length).sort()).toEqual([4, 4, 5, 5]);
    expect(queues[0]!.entries.map((entry) => entry.entryId)).not.toContain(entryIds[0]);
    for (const entryId of entryIds) expect(queues.filter((queue) => queue.entries.some((entry) => entry.entryId === entryId))).toHaveLength(3);

    // The queue comes in pages: followed from page to page, it is the same list.
    const paged: QueueEntry[] = [];
    for (let after: number | null = 0; after !== null; ) {
      const page = (await (await asJudge(judges[1]!, `/api/judge/queue?limit=2&after=${after}`)).json()) as Queue & { next: number | null };
      expect(page.entries.length).toBeLessThanOrEqual(2);
      paged.push(...page.entries);
      after = page.next;
    }
    expect(paged).toEqual(queues[1]!.entries);
    expect((await asJudge(judges[1]!, '/api/judge/queue?limit=0')).status).toBe(422);

    // Blind: nothing in a judge's answers says who a child is.
    const seen = JSON.stringify(queues) + JSON.stringify(await (await asJudge(judges[1]!, '/api/judge/profile')).json());
    for (const [index, child] of CHILDREN.entries()) {
      for (const value of [child.name, child.name.split(' ')[0]!, child.city, child.email, child.phone, codes[index]!, ...(child.institute ? [child.institute] : [])]) {
        expect(seen).not.toContain(value);
      }
    }

    // Each judge scores: entry i gets 10 - i from everyone.
    const scoreOf = (entryId: string) => 10 - entryIds.indexOf(entryId);
    const save = (judge: { cookie: string }, entryId: string, score: number, editedAt: string) =>
      asJudge(judge, `/api/judge/scores/${entryId}`, json({ scores: uniform(score), comment: '', editedAt }, 'PUT'));
    for (const [index, judge] of judges.entries()) {
      for (const entry of queues[index]!.entries) expect((await save(judge, entry.entryId, scoreOf(entry.entryId), '2027-04-20T10:00:00Z')).status).toBe(200);
    }

    // The last edit wins: a newer sheet, then an older one arriving late (a phone that was offline).
    const edited = queues[1]!.entries[0]!.entryId;
    expect(await (await save(judges[1]!, edited, 2, '2027-04-20T11:00:00Z')).json()).toEqual({ saved: true, newerKept: false });
    expect(await (await save(judges[1]!, edited, 9, '2027-04-20T10:30:00Z')).json()).toEqual({ saved: false, newerKept: true });
    expect(await (await save(judges[1]!, edited, scoreOf(edited), '2027-04-20T12:00:00Z')).json()).toEqual({ saved: true, newerKept: false });
    // A sheet that misses a criterion, or scores outside 1-10, is refused with the reason.
    const bad = await asJudge(judges[1]!, `/api/judge/scores/${edited}`, json({ scores: { idea: 11, skill: 5, colour: 5 }, editedAt: '2027-04-20T12:00:00Z' }, 'PUT'));
    expect(bad.status).toBe(422);
    // Another judge's entry is not theirs to score.
    const notMine = entryIds.find((id) => !queues[1]!.entries.some((entry) => entry.entryId === id))!;
    expect((await save(judges[1]!, notMine, 5, '2027-04-20T12:00:00Z')).status).toBe(404);

    // "I know this child": the judge steps back, their sheet goes, and a free judge takes the entry.
    const recusing = judges.findIndex((_, index) => queues[index]!.entries.length === 5);
    // Not Aaradhya's entry: its fourth judge declared a conflict with her institute, so nobody could take it.
    const known = queues[recusing]!.entries.find((entry) => entry.entryId !== entryIds[0])!.entryId;
    const recused = (await (await asJudge(judges[recusing]!, `/api/judge/entries/${known}/recuse`, { method: 'POST' })).json()) as { reassigned: boolean };
    expect(recused.reassigned).toBe(true);
    const after: Queue[] = [];
    for (const judge of judges) after.push((await (await asJudge(judge, '/api/judge/queue')).json()) as Queue);
    expect(after[recusing]!.entries.map((entry) => entry.entryId)).not.toContain(known);
    const newcomer = after.findIndex((queue, index) => index !== recusing && queue.entries.some((entry) => entry.entryId === known && entry.sheet === null));
    expect(newcomer).toBeGreaterThanOrEqual(0);
    expect((await save(judges[newcomer]!, known, scoreOf(known), '2027-04-21T09:00:00Z')).status).toBe(200);

    // Close: nothing changes any more.
    const move = (from: string, to: string) => h.admin(`/api/judging/rounds/${round.id}/state`, json({ from, to }));
    expect((await move('scoring', 'closed')).status).toBe(200);
    const late = await save(judges[newcomer]!, known, 1, '2027-04-22T09:00:00Z');
    expect(late.status).toBe(409);
    expect(((await late.json()) as { error: { code: string } }).error.code).toBe('round_closed');

    // Results: with fewer than 8 sheets per judge, raw scores count: (s - 1) / 9 x 100.
    expect((await move('closed', 'results')).status).toBe(200);
    const moderation = (await (await h.admin(`/api/judging/rounds/${round.id}/moderation`)).json()) as {
      entries: { entryId: string; final: number; place: number; qualifies: boolean; flagged: boolean; judges: unknown[] }[];
      judges: { username: string; sheets: number }[];
    };
    const byEntry = new Map(moderation.entries.map((entry) => [entry.entryId, entry]));
    expect(entryIds.map((id) => byEntry.get(id)!.final)).toEqual([100, 88.89, 77.78, 66.67, 55.56, 44.44]);
    expect(entryIds.map((id) => byEntry.get(id)!.place)).toEqual([1, 2, 3, 4, 5, 6]);
    // Top 20 % of 6 rounds up to 2 places.
    expect(entryIds.map((id) => byEntry.get(id)!.qualifies)).toEqual([true, true, false, false, false, false]);
    expect(moderation.entries.every((entry) => entry.judges.length === 3 && !entry.flagged)).toBe(true);
    expect(moderation.judges.reduce((sum, judge) => sum + judge.sheets, 0)).toBe(18);

    // Nothing reaches a family before publishing: not an email, not a result on their page.
    const firstToken = tokens[0]!;
    expect(await (await h.family(firstToken, '/results')).json()).toEqual({ results: [], resultsName: 'initial', certificates: [], places: [], sessionResults: [] });
    expect((await h.family(firstToken, '/results/places', json({ levelId: 'level2', category: 'drawing', answer: 'accept' }))).status).toBe(404);
    // Then exactly one email each, in their language.
    const resultMails = () => h.smtp.received.filter((mail) => /results/i.test(mail.parsed.subject ?? '') || (mail.parsed.subject ?? '').includes('முடிவுகள்'));
    await h.sendMail();
    expect(resultMails()).toHaveLength(0);
    const published = await move('results', 'published');
    expect(((await published.json()) as { emails: number }).emails).toBe(6);
    expect((await move('results', 'published')).status).toBe(409);
    await h.sendMail();
    const mails = resultMails();
    expect(mails).toHaveLength(6);
    for (const [index, child] of CHILDREN.entries()) {
      const own = mails.filter((mail) => mail.parsed.subject?.includes(codes[index]!));
      expect(own).toHaveLength(1);
      const text = own[0]!.parsed.text ?? '';
      if (child.language === 'ta') expect(text).toContain(index < 2 ? 'அரையிறுதிக்குத் தகுதி' : 'தகுதி பெறவில்லை');
      else expect(text).toContain(index < 2 ? 'goes through to Level 2' : 'does not go through');
    }

    // The private page (through the link in the result email) shows the result; the place at the
    // semi-finals comes with an invitation (server/routes/places), so there is nothing to answer yet.
    const linkIn = (index: number) => tokenOf(familyLinkIn(mails.find((mail) => mail.parsed.subject?.includes(codes[index]!))!));
    const [winner, other] = [linkIn(0), linkIn(5)];
    const shown = (await (await h.family(winner, '/results')).json()) as { results: unknown[]; places: unknown[] };
    // Every criterion scored alike: no strongest criteria; no judge wrote a note.
    expect(shown.results).toEqual([{ levelId: 'level1', category: 'drawing', ageBand: '6-8', final: 100, place: 1, pool: 6, qualifies: true, nextLevel: null, notes: [], strongest: [] }]);
    expect(shown.places).toEqual([]);
    const early = await h.family(winner, '/results/places', json({ levelId: 'level2', category: 'drawing', answer: 'accept' }));
    expect(early.status).toBe(404);
    expect(((await early.json()) as { error: { message: string } }).error.message).toMatch(/no place/);
    expect((await h.family(other, '/results/places', json({ levelId: 'level2', category: 'drawing', answer: 'decline' }))).status).toBe(404);
    // Drawing has no semi-final session in the season module: the admins' page says its qualifiers wait for one.
    const places = (await (await h.admin('/api/places/level2')).json()) as { unseated: unknown[] };
    expect(places.unseated).toEqual([{ category: 'drawing', ageBand: '6-8', qualified: 2 }]);
  });
});
