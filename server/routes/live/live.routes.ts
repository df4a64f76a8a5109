import { Hono } from 'hono';
import { z } from 'zod';
import { publicName } from '@domain/certificates';
import {
  criteriaOf,
  headOfVenueSchema,
  heatInputSchema,
  liveSessionParam,
  liveSheetBodySchema,
  liveSheetParam,
  liveSheetSchema,
  panelChangeSchema,
  performanceMarkSchema,
  PANEL_SIZE,
} from '@domain/live-judging';
import { VENUE_SESSIONS, venueSessionById, type VenueSession } from '@domain/season';
import type { AppEnv } from '../../context';
import type { Database } from '../../db/client';
import { signerFor } from '../../certificates/signing';
import { publishResultsPages } from '../../certificates/results-pages';
import { wakeCertificateJob } from '../../certificates/certificate-job';
import { issueSessionCertificates } from '../../db/stores/certificate-store';
import {
  addToPanel,
  childNamesOf,
  hallResults,
  judgeSessionView,
  judgesWithSessions,
  liveSessionOf,
  panelOf,
  publishSession,
  queueSessionEmails,
  recordHeats,
  recordMarks,
  removeFromPanel,
  saveLiveSheet,
  sessionState,
  sessionsOfJudge,
  setHeadOfVenue,
} from '../../db/stores/live-store';
import { checkVenueRecord, storeVenueBatch } from '../venue/venue.routes';
import { audit } from '../../lib/audit';
import { checkRecord } from '../../lib/batch';
import { ApiError, validate } from '../../lib/errors';
import { readAudit, readsPersonalData } from '../../lib/read-audit';
import { assertFreshSecondFactor, requireAdmin, requireJudge, requireVenueAccount, signedInAdmin } from '../../lib/require-admin';
import { jsonBody, pathParams } from '../../lib/validators';

/**
 * Judging at the venue (issue 45, ADR 034; docs/api.md "Judging at the venue"): the judges'
 * tablets, venue mode's marks and heats, the session's status and publishing, the admins'
 * panels, and the hall screen. A tablet and the hall screen get running numbers only.
 */

const NO_SESSION = 'There is no session with that id this season.';

function sessionOf(id: string): VenueSession {
  const session = venueSessionById(id);
  if (!session) throw new ApiError(404, 'not_found', NO_SESSION);
  return session;
}

function panelSession(id: string): VenueSession {
  const session = sessionOf(id);
  if (session.judging !== 'panel') throw new ApiError(404, 'not_found', 'This session is a race: it is timed by staff, not scored by a panel.');
  return session;
}

const sessionParams = pathParams(liveSessionParam.shape, NO_SESSION);

/** What a judge's tablet and the hall screen may know of a session: where and when, never who. */
function sessionCard(session: VenueSession) {
  return {
    id: session.id,
    levelId: session.levelId,
    title: session.title,
    venue: session.venue,
    date: session.date,
    startTime: session.startTime,
    category: session.categories[0]!,
    ageBand: session.ageBand,
    judging: session.judging,
  };
}

/** A venue batch's store for sessions judged one way (a panel or a race); a record of another session is refused with `why`. */
function onlyWhereJudgedBy<T extends { id: string }, Result>(
  judging: VenueSession['judging'],
  why: string,
  store: (database: Database, session: VenueSession, staff: string, items: T[]) => Promise<Result[]>,
) {
  return (database: Database, session: VenueSession, staff: string, items: T[]) => {
    if (session.judging !== judging) return Promise.resolve(items.map((item) => ({ id: item.id, status: 'invalid' as const, error: { code: 'not_found' as const, message: why } })));
    return store(database, session, staff, items);
  };
}

/** A judge's sheet refused after the publish: their tablet keeps it and says so. */
function published(): ApiError {
  return new ApiError(409, 'round_closed', 'This session’s results are published: sheets can no longer be saved or changed.');
}

export const liveJudgeRoutes = new Hono<AppEnv>()
  .get('/', requireJudge, async (c) => {
    const ids = await sessionsOfJudge(c.var.deps.database, signedInAdmin(c).id);
    return c.json({ sessions: ids.map((id) => venueSessionById(id)).filter((s): s is VenueSession => Boolean(s)).map(sessionCard) }, 200);
  })
  .get('/:sessionId', requireJudge, sessionParams, async (c) => {
    const session = panelSession(c.req.valid('param').sessionId);
    const judge = signedInAdmin(c);
    const panel = await panelOf(c.var.deps.database, session.id);
    if (!panel.some((member) => member.judgeId === judge.id)) throw new ApiError(404, 'not_found', 'You are not on this session’s panel (any more).');
    const view = await judgeSessionView(c.var.deps.database, session, judge.id);
    return c.json({ session: sessionCard(session), criteria: criteriaOf(session), panelSize: panel.length, ...view }, 200);
  })
  .put('/:sessionId/sheets/:number', requireJudge, pathParams(liveSheetParam.shape, NO_SESSION), jsonBody(liveSheetBodySchema), async (c) => {
    const { sessionId, number } = c.req.valid('param');
    const session = panelSession(sessionId);
    const judge = signedInAdmin(c);
    const panel = await panelOf(c.var.deps.database, session.id);
    if (!panel.some((member) => member.judgeId === judge.id)) throw new ApiError(404, 'not_found', 'You are not on this session’s panel (any more).');
    const sheet = validate(liveSheetSchema(criteriaOf(session)), c.req.valid('json'));
    const outcome = await saveLiveSheet(c.var.deps.database, { sessionId, number, judgeId: judge.id }, sheet);
    if (outcome === 'published') throw published();
    return c.json({ saved: outcome === 'saved', newerKept: outcome === 'older' }, 200);
  });

/** Venue mode's part (staff and admins): performers' marks, heats, the session's status, publishing. */
export const liveVenueRoutes = new Hono<AppEnv>()
  .post('/marks/batch', requireVenueAccount, async (c) => {
    const check = (record: unknown, now: Date) => checkVenueRecord(checkRecord(performanceMarkSchema, record), (r) => r.markedAt, 'markedAt', now);
    const results = await storeVenueBatch(c, 'marks', check, onlyWhereJudgedBy('panel', 'A race has heats, not a running order.', recordMarks));
    return c.json({ results }, 200);
  })
  .post('/heats/batch', requireVenueAccount, async (c) => {
    const check = (record: unknown, now: Date) => checkVenueRecord(checkRecord(heatInputSchema, record), (r) => r.recordedAt, 'recordedAt', now);
    const results = await storeVenueBatch(c, 'heats', check, onlyWhereJudgedBy('race', 'This session is judged by a panel: it has no heats.', recordHeats));
    return c.json({ results }, 200);
  })
  .get('/sessions/:sessionId/live', requireVenueAccount, sessionParams, readsPersonalData('read.venue.live', 'venue_session'), async (c) => {
    const session = sessionOf(c.req.valid('param').sessionId);
    const state = await sessionState(c.var.deps.database, session);
    const names = await childNamesOf(c.var.deps.database, [...state.performers.map((p) => p.registrationId), ...state.runners.map((r) => r.registrationId)]);
    Object.assign(readAudit(c), { entityId: session.id, details: { rows: names.size } });
    const account = signedInAdmin(c);
    const mayPublish = account.role === 'admin' || state.live.headUsername === account.username;
    return c.json(
      {
        session: sessionCard(session),
        panelSize: { min: PANEL_SIZE.min, max: PANEL_SIZE.max },
        mayPublish,
        ...state,
        performers: state.performers.map((performer) => ({ ...performer, childName: names.get(performer.registrationId) ?? '' })),
        runners: state.runners.map((runner) => ({ ...runner, childName: names.get(runner.registrationId) ?? '' })),
      },
      200,
    );
  })
  .post('/sessions/:sessionId/publish', requireVenueAccount, sessionParams, async (c) => {
    const session = sessionOf(c.req.valid('param').sessionId);
    const account = signedInAdmin(c);
    const { database } = c.var.deps;
    const live = await liveSessionOf(database, session.id);
    if (account.role !== 'admin' && live.headUsername !== account.username) {
      throw new ApiError(403, 'forbidden', 'Only an admin or the head of this venue can publish its results.');
    }
    assertFreshSecondFactor(c);
    const now = c.var.deps.now();
    const outcome = await publishSession(database, session, account.username, now);
    if (!outcome.published) throw new ApiError(409, 'conflict', 'This session’s results are already published.');
    const emails = await queueSessionEmails(database, session.id);
    const signer = await signerFor(database.db, c.var.deps.env.CERTIFICATE_SIGNING_KEY);
    const certificates = await issueSessionCertificates(database.db, signer, { session, issuedBy: account.username, now });
    await publishResultsPages(database.db, { ownRequests: 1 });
    wakeCertificateJob(c.var.deps);
    await audit(c, { admin: account, action: 'live.publish', entityType: 'venue_session', entityId: session.id, changes: { children: outcome.children, emails, certificates } });
    return c.json({ published: true, children: outcome.children, emails, certificates }, 200);
  });

/** Admin: panels (who judges which session, and each judge's clashes) and the head of each venue. */
export const liveAdminRoutes = new Hono<AppEnv>()
  .get('/', requireAdmin, async (c) => {
    const judges = await judgesWithSessions(c.var.deps.database);
    const sessions = [];
    for (const session of VENUE_SESSIONS.filter((s) => s.judging === 'panel')) {
      const live = await liveSessionOf(c.var.deps.database, session.id);
      sessions.push({ ...sessionCard(session), durationMinutes: session.durationMinutes, state: live.state, headUsername: live.headUsername, panel: await panelOf(c.var.deps.database, session.id) });
    }
    return c.json({ sessions, judges, panelSize: PANEL_SIZE }, 200);
  })
  .post('/:sessionId', requireAdmin, sessionParams, jsonBody(panelChangeSchema), async (c) => {
    const session = panelSession(c.req.valid('param').sessionId);
    const { judgeId } = c.req.valid('json');
    const admin = signedInAdmin(c);
    const refusal = await addToPanel(c.var.deps.database, session, judgeId.toLowerCase(), admin.username);
    if (refusal) throw new ApiError(refusal.code === 'not_found' ? 404 : 409, refusal.code === 'not_found' ? 'not_found' : 'conflict', refusal.message);
    await audit(c, { admin, action: 'live.panel.add', entityType: 'venue_session', entityId: session.id, changes: { judgeId } });
    return c.json({ panel: await panelOf(c.var.deps.database, session.id) }, 200);
  })
  .delete('/:sessionId/:judgeId', requireAdmin, pathParams({ ...liveSessionParam.shape, judgeId: z.guid().transform((id) => id.toLowerCase()) }, 'There is no such judge on this panel.'), async (c) => {
    const { sessionId, judgeId: id } = c.req.valid('param');
    const session = panelSession(sessionId);
    const admin = signedInAdmin(c);
    if ((await liveSessionOf(c.var.deps.database, session.id)).state === 'published') throw new ApiError(409, 'conflict', 'This session’s results are published: its panel can no longer change.');
    if (!(await removeFromPanel(c.var.deps.database, session.id, id))) throw new ApiError(404, 'not_found', 'There is no such judge on this panel.');
    await audit(c, { admin, action: 'live.panel.remove', entityType: 'venue_session', entityId: session.id, changes: { judgeId: id } });
    return c.json({ panel: await panelOf(c.var.deps.database, session.id) }, 200);
  })
  .put('/:sessionId/head', requireAdmin, sessionParams, jsonBody(headOfVenueSchema), async (c) => {
    const session = sessionOf(c.req.valid('param').sessionId);
    const { username } = c.req.valid('json');
    await setHeadOfVenue(c.var.deps.database, session.id, username || null);
    await audit(c, { admin: signedInAdmin(c), action: 'live.head', entityType: 'venue_session', entityId: session.id, changes: { username } });
    return c.json({ headUsername: username || null }, 200);
  });

/**
 * The hall screen's feed (public): the session, and its results once published, with each child
 * as the family chose to appear (first name and initial, or the reference code). Before the
 * publish it names nobody. Cheap to ask every second: an ETag answers 304 while nothing changed.
 */
export const hallRoutes = new Hono<AppEnv>().get('/:sessionId', sessionParams, async (c) => {
  const session = sessionOf(c.req.valid('param').sessionId);
  const live = await liveSessionOf(c.var.deps.database, session.id);
  const results =
    live.state === 'published'
      ? (await hallResults(c.var.deps.database, session.id)).map((row) => ({
          place: row.place,
          number: row.number,
          final: row.final,
          timeMs: row.timeMs,
          award: row.award,
          name: row.resultsName === 'code' || !row.name ? row.referenceCode : publicName(row.name),
        }))
      : null;
  const body = JSON.stringify({ session: sessionCard(session), state: live.state, publishedAt: live.publishedAt, results });
  const etag = `"${live.state}-${live.publishedAt ?? ''}-${body.length}"`;
  c.header('Cache-Control', 'no-store');
  c.header('ETag', etag);
  if (c.req.header('If-None-Match') === etag) return c.body(null, 304);
  return c.body(body, 200, { 'Content-Type': 'application/json; charset=utf-8' });
});
