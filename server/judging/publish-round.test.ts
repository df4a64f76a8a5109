import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useFamilyHarness } from '../../tests/setup/family-harness';
import { drawingRound, scoredDrawingEntries } from '../../tests/setup/judging-fixtures';
import { stopAfter } from '../../tests/setup/stopped-slices';
import { testDatabaseKinds } from '../../tests/setup/test-database';
import { certificates, judgingRounds } from '../db/schema';
import { computeRound, findRound } from '../db/stores/judging-store';
import { finishPublishedRounds, publishRound } from './publish-round';

const SCORES = [9, 8, 7, 6, 5];

describe.each(testDatabaseKinds())('a publish cut into pieces on %s', (kind) => {
  const h = useFamilyHarness(kind);

  it('shows a family nothing until the round flips, and a publish stopped midway is finished with every email and certificate once', async () => {
    const { tokens, codes, scores } = await scoredDrawingEntries(
      h,
      SCORES.map((score, index) => ({ score, registration: { name: `Child ${'ABCDE'[index]} Kumar`, email: `pieces${index}@example.org`, phone: `+91 90000 3333${index}` } })),
    );
    const { roundId } = await drawingRound(h, scores, 'results');
    const { deps } = h.t;
    const { db } = deps.database;
    const round = (await findRound(db, roundId))!;
    const results = await computeRound(db, round);
    const resultsOf = async (token: string) => ((await (await h.family(token, '/results')).json()) as { results: { place: number }[] }).results;
    const resultMails = () => h.smtp.received.filter((mail) => /results/i.test(mail.parsed.subject ?? ''));
    const mailsBefore = resultMails().length;

    // Stopped while storing the results (2 of 5 written): the round is not published, no family sees a result.
    await expect(publishRound(deps, round, results, 'admin', { size: 2, slices: stopAfter(0) })).rejects.toThrow('the process stopped here');
    expect((await findRound(db, roundId))!.state).toBe('results');
    for (const token of tokens) expect(await resultsOf(token)).toEqual([]);
    await h.sendMail();
    expect(resultMails()).toHaveLength(mailsBefore);

    // Again, stopped after the flip: 2 families' emails queued, no certificate issued yet.
    await expect(publishRound(deps, round, results, 'admin', { size: 2, slices: stopAfter(3) })).rejects.toThrow('the process stopped here');
    const flipped = (await findRound(db, roundId))!;
    expect(flipped.state).toBe('published');
    expect(flipped.publishedAt).toBeNull();
    // Every result is there for every family at once: stored before the flip.
    expect(await Promise.all(tokens.map(async (token) => (await resultsOf(token)).map((result) => result.place)))).toEqual([[1], [2], [3], [4], [5]]);
    expect(await db.select().from(certificates)).toHaveLength(0);
    expect(await h.sendMail()).toBe(2);

    // The publish job finishes it: the other 3 emails and all 5 certificates, then the round is stamped.
    expect(await finishPublishedRounds(deps)).toBe(1);
    await h.sendMail();
    const mails = resultMails().slice(mailsBefore);
    expect(mails).toHaveLength(5);
    for (const code of codes) expect(mails.filter((mail) => mail.parsed.subject?.includes(code))).toHaveLength(1);
    const issued = await db.select({ registrationId: certificates.registrationId }).from(certificates);
    expect(issued).toHaveLength(5);
    expect(new Set(issued.map((row) => row.registrationId)).size).toBe(5);
    expect((await findRound(db, roundId))!.publishedAt).not.toBeNull();

    // Finished rounds are left alone: nothing more is queued or issued.
    expect(await finishPublishedRounds(deps)).toBe(0);
    await db.update(judgingRounds).set({ publishedAt: null }).where(eq(judgingRounds.id, roundId));
    expect(await finishPublishedRounds(deps)).toBe(1);
    expect(await h.sendMail()).toBe(0);
    expect(await db.select().from(certificates)).toHaveLength(5);
  });
});
