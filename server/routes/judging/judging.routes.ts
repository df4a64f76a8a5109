import { Hono } from 'hono';
import { z } from 'zod';
import { judgeConflictsSchema, rubricFor, scoreSheetBodySchema, scoreSheetSchema } from '@domain/judging';
import { languageOfPath, type Language } from '@domain/languages';
import { scoringDeadlineOf } from '@domain/season';
import type { AppEnv } from '../../context';
import { audit } from '../../lib/audit';
import { ApiError, validate } from '../../lib/errors';
import { jsonBody } from '../../lib/validators';
import { readAudit, readsPersonalData } from '../../lib/read-audit';
import { requireJudge, signedInAdmin } from '../../lib/require-admin';
import { assignmentOf, judgeProfile, judgeQueue, QUEUE_PAGE, saveSheet, setConflicts, setJudgeLanguage, stepBack } from '../../db/stores/judging-store';
import { storedFile } from '../../db/stores/entry-store';
import { entryFilesOf } from '../../entries/entry-files';
import { fileResponse } from '../../entries/file-response';

const NOT_YOURS = 'This entry is not in your queue (any more).';
const entryParam = z.object({ entryId: z.uuid({ error: NOT_YOURS }).transform((id) => id.toLowerCase()) });
/** A page of the queue: the entries numbered after `after` (0: from the start). */
const queueQuery = z.object({
  after: z.coerce.number({ error: 'after is an entry number.' }).int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number({ error: 'limit is a number.' }).int().min(1).max(QUEUE_PAGE).default(QUEUE_PAGE),
});
const fileParam = entryParam.extend({ position: z.coerce.number().int().min(0).max(2), part: z.enum(['media', 'poster']) });

/** The language of the page a request came from (its same-origin Referer), or null when it does not say. */
function pageLanguage(referer: string | undefined): Language | null {
  if (!referer) return null;
  try {
    return languageOfPath(new URL(referer).pathname);
  } catch {
    return null;
  }
}

function notYours(): ApiError {
  return new ApiError(404, 'not_found', NOT_YOURS);
}

/** A closed round's refusal: the judge's sheet stays as it was. */
function roundClosed(): ApiError {
  return new ApiError(409, 'round_closed', 'Scoring has closed for this round: scores can no longer be saved or changed.');
}

/**
 * A judge's own API (issue 24): their queue, an entry's files, their score sheets, "I know this
 * child", and their declared conflicts. Judge sessions only; every answer is blind: an entry is a
 * number, a contest, an age band and its files (server/db/stores/judging-store.ts judgeQueue).
 */
export const judgingRoutes = new Hono<AppEnv>()
  .get('/queue', requireJudge, readsPersonalData('read.judging.queue', 'judging_round'), async (c) => {
    const { after, limit } = validate(queueQuery, c.req.query());
    const { db } = c.var.deps.database;
    const judge = signedInAdmin(c);
    // The judge's emails speak the language of the judges' page they read their queue from (issue
    // 49): our page's own fetch says so (X-Requested-With), never a link from another site.
    const page = c.req.header('x-requested-with') === 'fetch' ? pageLanguage(c.req.header('Referer')) : null;
    if (page && after === 0) await setJudgeLanguage(db, judge.id, page);
    const queue = await judgeQueue(db, judge.id, { after, limit });
    const scope = readAudit(c);
    if (queue.round) scope.entityId = queue.round.id;
    scope.details = { entries: queue.entries.length, after };
    const round = queue.round ? { ...queue.round, scoringDeadline: scoringDeadlineOf(queue.round.levelId)?.toISOString() ?? null } : null;
    return c.json({ ...queue, round }, 200);
  })
  .get('/profile', requireJudge, async (c) => {
    const account = signedInAdmin(c);
    const profile = await judgeProfile(c.var.deps.database.db, account.id);
    if (!profile) throw new ApiError(404, 'not_found', 'This account has no judge profile. Ask the organisers.');
    return c.json({ username: account.username, expertise: profile.expertise, conflicts: profile.conflicts }, 200);
  })
  .put('/profile', requireJudge, jsonBody(judgeConflictsSchema), async (c) => {
    const account = signedInAdmin(c);
    const { conflicts } = c.req.valid('json');
    const saved = await setConflicts(c.var.deps.database.db, account.id, conflicts);
    await audit(c, { admin: account, action: 'judging.conflicts', entityType: 'judge', entityId: account.id, changes: { count: saved.conflicts.length, steppedBack: saved.steppedBack } });
    return c.json(saved, 200);
  })
  .put('/scores/:entryId', requireJudge, jsonBody(scoreSheetBodySchema), async (c) => {
    const judge = signedInAdmin(c);
    const { entryId } = validate(entryParam, c.req.param());
    const assignment = await assignmentOf(c.var.deps.database.db, judge.id, entryId);
    if (!assignment) throw notYours();
    if (assignment.state !== 'scoring') throw roundClosed();
    const rubric = rubricFor(assignment.category);
    if (rubric.kind !== 'scores') throw new ApiError(409, 'conflict', 'This contest is measured at the venue, not scored.');
    const sheet = validate(scoreSheetSchema(rubric.criteria), c.req.valid('json'));
    const outcome = await saveSheet(c.var.deps.database.db, { roundId: assignment.roundId, entryId, judgeId: judge.id }, sheet);
    if (outcome === 'closed') throw roundClosed();
    // 'older': a newer edit of this sheet is already here (sent from another device, or later): it stays.
    return c.json({ saved: outcome === 'saved', newerKept: outcome === 'older' }, 200);
  })
  .post('/entries/:entryId/recuse', requireJudge, async (c) => {
    const judge = signedInAdmin(c);
    const { entryId } = validate(entryParam, c.req.param());
    const { db } = c.var.deps.database;
    const assignment = await assignmentOf(db, judge.id, entryId);
    if (!assignment) throw notYours();
    if (assignment.state !== 'scoring') throw roundClosed();
    const replacement = await db.transaction((tx) => stepBack(tx as unknown as typeof db, assignment.roundId, entryId, judge.id, 'recused'));
    await audit(c, { admin: judge, action: 'judging.recuse', entityType: 'entry', entityId: entryId, changes: { reassigned: replacement !== null } });
    return c.json({ recused: true, reassigned: replacement !== null }, 200);
  })
  .get('/entries/:entryId/files/:position/:part', requireJudge, readsPersonalData('read.judging.file', 'entry'), async (c) => {
    const judge = signedInAdmin(c);
    const { entryId, position, part } = validate(fileParam, c.req.param());
    const { db } = c.var.deps.database;
    if (!(await assignmentOf(db, judge.id, entryId))) throw notYours();
    const stored = await storedFile(db, entryId, position);
    const key = part === 'media' ? stored?.mediaKey : stored?.posterKey;
    if (!key) throw new ApiError(404, 'not_found', 'This entry has no such file.');
    readAudit(c).entityId = entryId;
    return fileResponse(c, entryFilesOf(c.var.deps).storage, key, `entry-file-${position + 1}${part === 'poster' ? '-poster' : ''}.${key.endsWith('.mp4') ? 'mp4' : 'jpg'}`);
  });
