import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { scoringDeadlineOf } from '@domain/season';
import { useFamilyHarness } from '../../../tests/setup/family-harness';
import { approvedApplication, invitedJudge, readyPhotoEntry } from '../../../tests/setup/judging-fixtures';
import { childRegistration } from '../../../tests/setup/registration-fixtures';
import { json } from '../../../tests/setup/test-app';
import { testDatabaseKinds } from '../../../tests/setup/test-database';
import { queueJudgeReminders } from '../../db/stores/judging-store';
import { withCookie } from '../auth/sign-in-for-tests';

const DAY = 86_400_000;
const DEADLINE = scoringDeadlineOf('level1')!;
const sheet = (score: number) => ({ scores: { idea: score, skill: score, colour: score, finish: score }, comment: '', editedAt: '2027-04-21T10:00:00Z' });

/**
 * Issue 49: the round's scoring deadline and the judges' reminders before it (3 days and 1 day,
 * by the server's clock, once each, only to judges with entries left, in their language), and
 * publishing that refuses unsettled entries without a written reason.
 */
describe.each(testDatabaseKinds())('the judges’ deadline and the publish guard on %s', (kind) => {
  const h = useFamilyHarness(kind);

  /** Two drawing entries, three drawing judges (each on both entries: the round needs three), and the round open. */
  async function openRound() {
    const entryIds: string[] = [];
    for (const name of ['Ilakkiya Murugan', 'Jeevan Prakash']) {
      const { input } = await h.register(childRegistration({ name, categories: ['drawing'], age: 7 }));
      entryIds.push(await readyPhotoEntry(h, input.referenceCode, 'drawing'));
    }
    const judges = [];
    for (const [index, name] of ['Kalaivani Suresh', 'Lalitha Ganesan', 'Mohan Pillai'].entries()) {
      judges.push({ name, ...(await invitedJudge(h, await approvedApplication(h, { name, email: `deadline-judge${index + 1}@example.org`, expertise: 'Drawing Artist' }))) });
    }
    const opened = await h.admin('/api/judging/rounds', json({ levelId: 'level1' }));
    expect(opened.status).toBe(200);
    const { round } = (await opened.json()) as { round: { id: string; scoringDeadline: string | null } };
    const asJudge = (judge: { cookie: string }, path: string, init: RequestInit = {}) => h.t.request(path, withCookie(judge.cookie, init));
    const score = async (judge: { cookie: string }, entryId: string, value = 7) =>
      expect((await asJudge(judge, `/api/judge/scores/${entryId}`, json(sheet(value), 'PUT'))).status).toBe(200);
    return { round, entryIds, judges, asJudge, score };
  }

  it('reminds each judge with entries left 3 days and 1 day before the deadline, from that millisecond on, once, in their language; publishing an entry short of sheets needs a reason, kept in the audit log', async () => {
    const { round, entryIds, judges, asJudge, score } = await openRound();
    expect(round.scoringDeadline).toBe('2027-04-26T18:30:00.000Z');
    const [english, tamil, done] = judges as [(typeof judges)[number], (typeof judges)[number], (typeof judges)[number]];

    // The Tamil judge reads their queue from /ta/judge: their emails are in Tamil from then on. A
    // request that is not our page's own fetch (a link followed) changes nothing.
    const fromPage = (path: string, page = true) => ({ headers: { Referer: `http://localhost${path}`, 'X-Requested-With': page ? 'fetch' : 'link' } });
    expect((await asJudge(tamil, '/api/judge/queue', fromPage('/ta/judge'))).status).toBe(200);
    expect((await asJudge(tamil, '/api/judge/queue', fromPage('/judge', false))).status).toBe(200);
    const queue = (await (await asJudge(english, '/api/judge/queue', fromPage('/judge'))).json()) as { round: { scoringDeadline: string } };
    expect(queue.round.scoringDeadline).toBe(round.scoringDeadline);

    // One judge has finished; one has one entry left; the Tamil judge has both.
    for (const entryId of entryIds) await score(done, entryId);
    await score(english, entryIds[0]!);

    const queued = (reason: string) =>
      h.t.database.rows<{ id: string }>(sql`select id from mail_outbox where template = 'judge-reminder' and reason = ${reason} and judging_round_id = ${round.id}::uuid`);
    const remindersTo = (email: string) => h.smtp.received.filter((mail) => mail.to.includes(email) && /Reminder|நினைவூட்டல்/.test(mail.parsed.subject ?? ''));

    // 3 days before: not a millisecond early; then once, however many instances look at once.
    const threeDays = DEADLINE.getTime() - 3 * DAY;
    expect(await queueJudgeReminders(h.t.deps.database.db, new Date(threeDays - 1), scoringDeadlineOf)).toBe(0);
    const [first, second] = await Promise.all([
      queueJudgeReminders(h.t.deps.database.db, new Date(threeDays), scoringDeadlineOf),
      queueJudgeReminders(h.t.deps.database.db, new Date(threeDays), scoringDeadlineOf),
    ]);
    expect(first + second).toBe(2);
    expect(await queueJudgeReminders(h.t.deps.database.db, new Date(threeDays + DAY), scoringDeadlineOf)).toBe(0);
    await h.sendMail();
    expect(remindersTo('deadline-judge3@example.org')).toEqual([]);
    const [toEnglish] = remindersTo('deadline-judge1@example.org');
    expect(toEnglish?.parsed.subject).toBe('Reminder: 1 entry to score by the end of 26 April 2027');
    expect(toEnglish?.parsed.text).toContain('Dear Kalaivani Suresh, scoring for Level 1 of the Kids Talent Competition 2027 closes at the end of 26 April 2027 (Chennai time), 3 days from now. You still have 1 entry to score.');
    expect(toEnglish?.parsed.text).toContain('/judge.');
    expect(toEnglish?.parsed.text).not.toContain('/ta/judge');
    const [toTamil] = remindersTo('deadline-judge2@example.org');
    expect(toTamil?.parsed.subject).toBe('நினைவூட்டல்: 26 ஏப்ரல், 2027 முடிவதற்குள் 2 படைப்புகளை மதிப்பிடுங்கள்');
    expect(toTamil?.parsed.text).toContain('இன்னும் 3 நாட்கள் மட்டுமே உள்ளன. நீங்கள் இன்னும் 2 படைப்புகளை மதிப்பிட வேண்டியுள்ளது.');
    expect(toTamil?.parsed.text).toContain('/ta/judge.');

    // 1 day before: the same edges. The English judge finishes after it is queued, before it goes: not sent.
    const oneDay = DEADLINE.getTime() - DAY;
    await queueJudgeReminders(h.t.deps.database.db, new Date(oneDay - 1), scoringDeadlineOf);
    expect(await queued('scoring-1-day')).toHaveLength(0);
    expect(await queueJudgeReminders(h.t.deps.database.db, new Date(oneDay), scoringDeadlineOf)).toBe(2);
    expect(await queueJudgeReminders(h.t.deps.database.db, new Date(oneDay), scoringDeadlineOf)).toBe(0);
    await score(english, entryIds[1]!);
    await h.sendMail();
    expect(remindersTo('deadline-judge1@example.org')).toHaveLength(1);
    const [, lastCall] = remindersTo('deadline-judge2@example.org');
    expect(lastCall?.parsed.text).toContain('இன்னும் 1 நாள் மட்டுமே உள்ளது.');
    const [skipped] = await h.t.database.rows<{ status: string; last_error: string }>(
      sql`select m.status, m.last_error from mail_outbox m join judges j on j.application_id = m.judge_application_id join accounts a on a.id = j.account_id
        where m.template = 'judge-reminder' and m.reason = 'scoring-1-day' and a.username = ${english.username}`,
    );
    expect(skipped).toEqual({ status: 'skipped', last_error: 'The judge finished scoring, or scoring closed, before the reminder went out.' });

    // At the deadline and after it, nothing more.
    expect(await queueJudgeReminders(h.t.deps.database.db, DEADLINE, scoringDeadlineOf)).toBe(0);
    expect(await queued('scoring-3-days')).toHaveLength(2);
    expect(await queued('scoring-1-day')).toHaveLength(2);

    // The admins' Judging page shows each judge's progress, when they last scored and their emails' language.
    const progress = (await (await h.admin('/api/judging/rounds/level1')).json()) as {
      judges: { username: string; assigned: number; scored: number; lastScoredAt: string | null; language: string }[];
    };
    const of = (username: string) => progress.judges.find((judge) => judge.username === username)!;
    expect(of(english.username)).toMatchObject({ assigned: 2, scored: 2, language: 'en' });
    expect(of(english.username).lastScoredAt).not.toBeNull();
    expect(of(tamil.username)).toMatchObject({ assigned: 2, scored: 0, lastScoredAt: null, language: 'ta' });

    // Publishing (issue 49): the Tamil judge scores entry 1 only, so entry 2 has two sheets of the three the round needs.
    await score(tamil, entryIds[0]!);
    const move = (from: string, to: string, reason?: string) => h.admin(`/api/judging/rounds/${round.id}/state`, json({ from, to, ...(reason === undefined ? {} : { reason }) }));
    expect((await move('scoring', 'closed')).status).toBe(200);
    expect((await move('closed', 'results')).status).toBe(200);

    const refused = await move('results', 'published');
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      error: {
        code: 'validation_failed',
        message: '1 entry has fewer score sheets than the round needs or judges far apart. Write why you publish anyway, or go back and settle them first.',
        fields: { reason: 'Write why you publish anyway.' },
      },
    });
    const tooShort = await move('results', 'published', '  ok  ');
    expect(tooShort.status).toBe(422);
    expect(((await tooShort.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ reason: 'Write why you publish anyway, in at least 10 characters.' });
    // Nothing went out, and the round is still waiting.
    expect((await (await h.admin('/api/judging/rounds/level1')).json()) as { round: { state: string } }).toMatchObject({ round: { state: 'results' } });
    expect(await h.t.database.rows(sql`select id from mail_outbox where template = 'round-result'`)).toEqual([]);

    const moderation = (await (await h.admin(`/api/judging/rounds/${round.id}/moderation`)).json()) as { entries: { entryId: string; number: number }[] };
    const shortNumber = moderation.entries.find((entry) => entry.entryId === entryIds[1])!.number;
    const reason = 'Two judges were ill; the head judge checked this entry by hand.';
    const published = await move('results', 'published', `  ${reason} `);
    expect(published.status).toBe(200);
    const [logged] = await h.t.database.rows<{ changes: Record<string, unknown> }>(
      sql`select changes from audit_log where action = 'judging.state' and entity_id = ${round.id} and changes->>'to' = 'published'`,
    );
    expect(logged?.changes).toMatchObject({ reason, unsettledCount: 1, unsettled: [{ number: shortNumber, category: 'drawing', sheets: 2, reasons: ['short'] }] });
  });
});
