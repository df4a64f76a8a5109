import { Hono } from 'hono';
import { z } from 'zod';
import {
  attentionOf,
  ATTENTION_REASONS,
  familyNoteModerationSchema,
  LEVEL1_ROUND,
  moderationQuerySchema,
  ROUND_MOVES,
  roundMoveSchema,
  shownIn,
  unsettledReasons,
  type RoundSettings,
  type RoundState,
} from '@domain/judging';
import { plural } from '@domain/plural';
import { scoringDeadlineOf } from '@domain/season';
import type { AppEnv } from '../../context';
import { publishRound } from '../../judging/publish-round';
import { audit } from '../../lib/audit';
import { ApiError, validate } from '../../lib/errors';
import { asBulkWork, workInSlices } from '../../lib/people-first';
import { jsonBody, queryParams } from '../../lib/validators';
import { assertFreshSecondFactor, requireAdmin, signedInAdmin } from '../../lib/require-admin';
import {
  addJudge,
  addReadyEntries,
  computeRound,
  familyNotesOf,
  findRound,
  judgeProgress,
  moderateFamilyNote,
  moveRound,
  openRound,
  panelsOf,
  roundOfLevel,
  stepBack,
  type RoundRow,
} from '../../db/stores/judging-store';

const levelSchema = z.object({ levelId: z.enum(['level1'], { error: 'Only Level 1 has online entries to judge.' }) });
const roundParam = z.object({ id: z.uuid({ error: 'There is no such round.' }).transform((id) => id.toLowerCase()) });
const entryParam = roundParam.extend({ entryId: z.uuid({ error: 'There is no such entry in this round.' }).transform((id) => id.toLowerCase()) });
const judgeParam = entryParam.extend({ judgeId: z.uuid({ error: 'There is no such judge on this entry.' }).transform((id) => id.toLowerCase()) });

function roundView(round: RoundRow) {
  return {
    id: round.id,
    levelId: round.levelId,
    state: round.state as RoundState,
    settings: round.settings,
    /** When judges must have scored by (the season module's); they are reminded 3 days and 1 day before. */
    scoringDeadline: scoringDeadlineOf(round.levelId)?.toISOString() ?? null,
    openedAt: new Date(round.openedAt).toISOString(),
    closedAt: round.closedAt ? new Date(round.closedAt).toISOString() : null,
    resultsAt: round.resultsAt ? new Date(round.resultsAt).toISOString() : null,
    publishedAt: round.publishedAt ? new Date(round.publishedAt).toISOString() : null,
  };
}

async function roundOr404(c: { var: AppEnv['Variables'] }, id: string): Promise<RoundRow> {
  const round = await findRound(c.var.deps.database.db, id);
  if (!round) throw new ApiError(404, 'not_found', 'There is no such round.');
  return round;
}

/**
 * Admin: the judging round of a level (issue 24, ADR 027). Open it (its ready entries get their
 * blind numbers and judges), add entries that became ready later, move it scoring -> closed ->
 * results -> published, and moderate: every entry's computed score with each judge's part, each
 * judge's figures, and one more judge for an entry whose judges disagree. Publishing queues one
 * result email per registration; nothing reaches a family before.
 */
export const judgingAdminRoutes = new Hono<AppEnv>()
  .get('/rounds/:levelId', requireAdmin, async (c) => {
    const { levelId } = validate(levelSchema, c.req.param());
    const { db } = c.var.deps.database;
    const round = await roundOfLevel(db, levelId);
    if (!round) return c.json({ round: null, judges: await judgeProgress(db, null) }, 200);
    return c.json({ round: roundView(round), judges: await judgeProgress(db, round.id) }, 200);
  })
  .post('/rounds', requireAdmin, jsonBody(levelSchema), async (c) => {
    const { levelId } = c.req.valid('json');
    const { db } = c.var.deps.database;
    const round = await openRound(db, levelId, LEVEL1_ROUND);
    if (round.state !== 'scoring') throw new ApiError(409, 'round_closed', 'This level’s round is past scoring: no entries can be added.');
    const added = await addReadyEntries(db, round);
    await audit(c, { admin: signedInAdmin(c), action: 'judging.open', entityType: 'judging_round', entityId: round.id, changes: { levelId, ...added } });
    return c.json({ round: roundView(round), ...added }, 200);
  })
  .post('/rounds/:id/state', requireAdmin, jsonBody(roundMoveSchema), async (c) => {
    const { id } = validate(roundParam, c.req.param());
    const { from, to, reason } = c.req.valid('json');
    const { db } = c.var.deps.database;
    const round = await roundOr404(c, id);
    if (!ROUND_MOVES[from].includes(to)) throw new ApiError(409, 'round_closed', `A round cannot move from ${from} to ${to}.`);
    if (round.state !== from) throw new ApiError(409, 'conflict', `The round is ${round.state} now (another admin moved it). Reload to see it.`);
    // Publishing is a sensitive action (ADR 033): the second factor again after 10 minutes.
    if (to === 'published') assertFreshSecondFactor(c);
    let emails = 0;
    let certificates = 0;
    let summary: { entries: number; scored: number; flagged: number; short: number } | null = null;
    let unsettled: { number: number; category: string; sheets: number; reasons: string[] }[] = [];
    if (to === 'results' || to === 'published') {
      // From the close on, sheets and judges are frozen: the results computed now are the ones
      // published. They are kept with the round when it is published (what families' pages and
      // emails show); until then the moderation view computes them from the sheets on every look.
      const results = await computeRound(db, round);
      const perEntry = (round.settings as RoundSettings).judgesPerEntry;
      summary = {
        entries: results.entries.length,
        scored: results.entries.filter((entry) => entry.final !== null).length,
        flagged: results.entries.filter((entry) => entry.flagged).length,
        short: results.entries.filter((entry) => entry.judgesAssigned < perEntry).length,
      };
      if (to === 'published') {
        // An entry with fewer sheets than the round needs, or whose judges are far apart, is not
        // published unseen (issue 49): the admin writes why, and the reason is kept in the audit log.
        unsettled = results.entries
          .map((entry) => ({ number: entry.number, category: entry.category, sheets: entry.judges.length, reasons: unsettledReasons({ sheets: entry.judges.length, flagged: entry.flagged }, { judgesPerEntry: perEntry }) }))
          .filter((entry) => entry.reasons.length > 0);
        if (unsettled.length > 0 && !reason) {
          throw new ApiError(
            422,
            'validation_failed',
            `${plural(unsettled.length, { one: '# entry has', other: '# entries have' })} fewer score sheets than the round needs or judges far apart. Write why you publish anyway, or go back and settle them first.`,
            { reason: 'Write why you publish anyway.' },
          );
        }
        // Publishing also queues one result email per family, makes the public results pages and
        // issues every entrant's certificate (the certificate job makes the PDFs in the background),
        // a piece at a time between other people's requests (publish-round.ts).
        const published = await asBulkWork(() => publishRound(c.var.deps, round, results, signedInAdmin(c).username, { slices: workInSlices({ ownRequests: 1 }) }));
        if (!published) throw new ApiError(409, 'conflict', 'The round was moved by another admin at the same moment. Reload to see it.');
        ({ emails, certificates } = published);
      }
    }
    if (to !== 'published' && !(await moveRound(db, round.id, from, to, c.var.deps.now()))) {
      throw new ApiError(409, 'conflict', 'The round was moved by another admin at the same moment. Reload to see it.');
    }
    // Publishing with entries unsettled keeps the admin's reason and which entries they were.
    const anyway = to === 'published' && reason ? { reason, unsettled: unsettled.slice(0, 200), unsettledCount: unsettled.length } : {};
    await audit(c, { admin: signedInAdmin(c), action: 'judging.state', entityType: 'judging_round', entityId: round.id, changes: { from, to, emails, certificates, ...(summary ?? {}), ...anyway } });
    return c.json({ round: roundView((await findRound(db, round.id))!), emails, certificates, summary }, 200);
  })
  .get('/rounds/:id/moderation', requireAdmin, queryParams(moderationQuerySchema), async (c) => {
    const { id } = validate(roundParam, c.req.param());
    const { contest, show, cursor, limit } = c.req.valid('query');
    const { db } = c.var.deps.database;
    const round = await roundOr404(c, id);
    const [results, panels, progress, notes] = await Promise.all([computeRound(db, round), panelsOf(db, round.id), judgeProgress(db, round.id), familyNotesOf(db, round.id)]);
    const names = new Map(progress.map((judge) => [judge.judgeId, judge.username]));
    const state = round.state as RoundState;
    const settings = round.settings as RoundSettings;
    // The whole round is computed (standardising needs every sheet); only one page of it is sent (issue 49).
    const looked = results.entries.map((entry) => ({
      entry,
      attention: attentionOf({ sheets: entry.judges.length, judgesAssigned: entry.judgesAssigned, flagged: entry.flagged, notes: notes.get(entry.entryId)?.length ?? 0 }, settings, state),
    }));
    const inContest = contest ? looked.filter(({ entry }) => entry.category === contest) : looked;
    const matching = inContest.filter(({ attention }) => shownIn(show, attention));
    const after = cursor === undefined ? matching : matching.filter(({ entry }) => entry.number > cursor);
    const page = after.slice(0, limit);
    const contests = new Map<string, number>();
    for (const { entry } of looked) contests.set(entry.category, (contests.get(entry.category) ?? 0) + 1);
    return c.json(
      {
        round: roundView(round),
        entries: page.map(({ entry, attention }) => ({
          ...entry,
          attention,
          judges: entry.judges.map((judge) => ({ ...judge, username: names.get(judge.judgeId) ?? '?' })),
          panel: panels.get(entry.entryId) ?? [],
          // The judges' notes to the family: as written, the admin's wording (null: none), and hidden or not.
          notes: (notes.get(entry.entryId) ?? []).map((note) => ({ ...note, username: names.get(note.judgeId) ?? '?' })),
        })),
        nextCursor: after.length > limit && page.length > 0 ? String(page.at(-1)!.entry.number) : null,
        /** Entries in the round, those matching the contest and the narrowing, and per narrowing within the contest. */
        total: looked.length,
        filtered: matching.length,
        counts: {
          all: inContest.length,
          look: inContest.filter(({ attention }) => shownIn('look', attention)).length,
          ...Object.fromEntries(ATTENTION_REASONS.map((reason) => [reason, inContest.filter(({ attention }) => attention.includes(reason)).length])) as Record<(typeof ATTENTION_REASONS)[number], number>,
        },
        contests: [...contests].map(([category, entries]) => ({ category: category as (typeof results.entries)[number]['category'], entries })),
        judges: results.judges.map((judge) => ({ ...judge, username: names.get(judge.judgeId) ?? '?' })),
        progress,
      },
      200,
    );
  })
  .put('/rounds/:id/entries/:entryId/notes/:judgeId', requireAdmin, jsonBody(familyNoteModerationSchema), async (c) => {
    const { id, entryId, judgeId } = validate(judgeParam, c.req.param());
    const change = c.req.valid('json');
    const { db } = c.var.deps.database;
    const round = await roundOr404(c, id);
    // Sheets are frozen from the close; once published, the family has read the note.
    if (round.state === 'published') throw new ApiError(409, 'round_closed', 'The results are published: the family has the note already.');
    if (round.state === 'scoring') throw new ApiError(409, 'round_closed', 'Close scoring before changing the notes: the judge may still rewrite theirs.');
    const moderated = await moderateFamilyNote(db, { roundId: round.id, entryId, judgeId }, change);
    if (!moderated) throw new ApiError(404, 'not_found', 'This judge wrote no note to the family of this entry.');
    await audit(c, { admin: signedInAdmin(c), action: 'judging.family_note', entityType: 'entry', entityId: entryId, changes: { judgeId, before: moderated.before, after: moderated.after } });
    return c.json({ written: moderated.written, moderated: moderated.after.text, hidden: moderated.after.hidden }, 200);
  })
  .post('/rounds/:id/entries/:entryId/judges', requireAdmin, async (c) => {
    const { id, entryId } = validate(entryParam, c.req.param());
    const { db } = c.var.deps.database;
    const round = await roundOr404(c, id);
    if (round.state !== 'scoring') throw new ApiError(409, 'round_closed', 'Open the round for scoring again before adding a judge.');
    const judgeId = await addJudge(db, round.id, entryId, 'disagreement');
    if (!judgeId) throw new ApiError(409, 'conflict', 'No other judge fits this entry (expertise, conflicts, or every fitting judge is on it already).');
    await audit(c, { admin: signedInAdmin(c), action: 'judging.add_judge', entityType: 'entry', entityId: entryId, changes: { judgeId } });
    return c.json({ judgeId }, 200);
  })
  .delete('/rounds/:id/entries/:entryId/judges/:judgeId', requireAdmin, async (c) => {
    const { id, entryId, judgeId } = validate(judgeParam, c.req.param());
    const { db } = c.var.deps.database;
    const round = await roundOr404(c, id);
    if (round.state !== 'scoring') throw new ApiError(409, 'round_closed', 'Open the round for scoring again before changing its judges.');
    const replacement = await db.transaction((tx) => stepBack(tx as unknown as typeof db, round.id, entryId, judgeId, 'removed'));
    await audit(c, { admin: signedInAdmin(c), action: 'judging.remove_judge', entityType: 'entry', entityId: entryId, changes: { judgeId, replacement } });
    return c.json({ replacement }, 200);
  });
