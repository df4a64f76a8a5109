import { Hono } from 'hono';
import { CATEGORY_SLUGS } from '@domain/categories';
import { EXPERTISE_FOR_CATEGORY, judgeReviewSchema, JUDGE_STATUSES, type JudgeStatus } from '@domain/judge-review';
import type { AppEnv } from '../../context';
import { audit } from '../../lib/audit';
import { readAudit, readsPersonalData } from '../../lib/read-audit';
import { decodeCreatedAtCursor, pageOf } from '../../lib/created-at-cursor';
import { ApiError, readJson, validate } from '../../lib/errors';
import { requireAdmin, requireFreshSecondFactor, signedInAdmin } from '../../lib/require-admin';
import { uuidParam } from '../../lib/validators';
import { queueMail, type MailStatus } from '../../db/stores/mail-outbox-store';
import { approvedJudges, listReviewedApplications, reviewedApplication, setReview, withDecisionEmails } from '../../db/stores/judge-review-store';
import { judgePhoto } from '../../db/stores/judge-store';
import { inviteJudge, invitedUsernames } from '../../db/stores/invite-store';

const NOT_FOUND = 'There is no judge application with that id.';
const NO_PHOTO = 'This application has no photo.';

/**
 * Admin: judge applications (list, review with status and internal note, photos) and the
 * panel of approved judges. Approving or rejecting queues the applicant's email through the mail
 * outbox (ADR 013); every change is audited, and every list and photo view is a read-audit entry.
 */
export const judgeAdminRoutes = new Hono<AppEnv>()
  .get('/', requireAdmin, readsPersonalData('read.judges.list', 'judge_application'), async (c) => {
    const cursor = decodeCreatedAtCursor(c.req.query('cursor'), 'uuid');
    const status = c.req.query('status');
    if (status && !(JUDGE_STATUSES as readonly string[]).includes(status)) {
      throw new ApiError(400, 'bad_request', 'status is new, shortlisted, approved or rejected.');
    }
    const { database } = c.var.deps;
    const page = pageOf(await listReviewedApplications(database, cursor, (status as JudgeStatus | undefined) ?? null));
    readAudit(c).details = { filters: status ? { status } : {}, nextPage: Boolean(cursor), rows: page.items.length };
    const invited = await invitedUsernames(database.db, page.items.map((item) => item.id));
    const items = (await withDecisionEmails(database, page.items)).map((item) => ({ ...item, judgeAccount: invited.get(item.id) ?? null }));
    return c.json({ ...page, items }, 200);
  })
  .get('/panel', requireAdmin, readsPersonalData('read.judges.panel', 'judge_application'), async (c) => {
    const judges = await approvedJudges(c.var.deps.database);
    const expertiseOf = new Set(judges.map((judge) => judge.expertise));
    const categories = CATEGORY_SLUGS.map((category) => {
      const covering = EXPERTISE_FOR_CATEGORY[category];
      return {
        category,
        expertise: covering,
        judges: judges.filter((judge) => (covering as readonly string[]).includes(judge.expertise)).length,
      };
    });
    return c.json({ judges, categories, expertiseWithJudges: [...expertiseOf] }, 200);
  })
  .patch('/:id', requireAdmin, uuidParam(NOT_FOUND), async (c) => {
    const id = c.req.valid('param').id.toLowerCase();
    const review = validate(judgeReviewSchema, await readJson(c));
    const { database, now } = c.var.deps;
    const admin = signedInAdmin(c);
    const before = await reviewedApplication(database, id);
    if (!before) throw new ApiError(404, 'not_found', NOT_FOUND);
    const status = review.status ?? before.status;
    const note = review.note === undefined ? before.note : review.note.trim() === '' ? null : review.note;
    const statusChanged = status !== before.status;
    const after = await setReview(database, id, { status, note, statusChanged, at: now() });
    if (!after) throw new ApiError(404, 'not_found', NOT_FOUND);
    const decided = statusChanged && (status === 'approved' || status === 'rejected');
    let email: MailStatus | null = null;
    if (decided && after.email) {
      email = await queueMail(database.db, { judgeApplicationId: id, template: 'judge-decision', reason: 'judge-decision', decision: status });
    }
    const changes: Record<string, unknown> = {};
    if (statusChanged) changes.status = { from: before.status, to: status };
    // The note is internal but may name people: the log says it changed, not what it says.
    if (note !== before.note) changes.note = 'changed';
    if (email) changes.email = 'queued';
    else if (decided) changes.email = 'none: no address';
    if (Object.keys(changes).length > 0) {
      await audit(c, { admin, action: 'judge.review', entityType: 'judge_application', entityId: id, changes });
    }
    const [application] = await withDecisionEmails(database, [after]);
    return c.json({ application, email }, 200);
  })
  .post('/:id/invite', requireAdmin, requireFreshSecondFactor, uuidParam(NOT_FOUND), async (c) => {
    const id = c.req.valid('param').id;
    const outcome = await inviteJudge(c.var.deps, id);
    if (outcome.kind === 'not_approved') throw new ApiError(409, 'conflict', 'Only an approved application can be invited to judge.');
    if (outcome.kind === 'no_email') throw new ApiError(409, 'conflict', 'This application has no email address to send the invitation to.');
    if (outcome.kind === 'username_taken') {
      throw new ApiError(409, 'conflict', `An admin or staff account already uses the username ${outcome.username}; a judge needs an account of their own.`);
    }
    await audit(c, { admin: signedInAdmin(c), action: 'judge.invite', entityType: 'judge_application', entityId: id, changes: { username: outcome.username } });
    return c.json({ username: outcome.username, email: 'queued' }, 200);
  })
  .get('/:id/photo', requireAdmin, uuidParam(NO_PHOTO), readsPersonalData('read.judge.photo', 'judge_application'), async (c) => {
    const id = c.req.valid('param').id.toLowerCase();
    const photo = await judgePhoto(c.var.deps.database, id);
    if (!photo) throw new ApiError(404, 'not_found', NO_PHOTO);
    readAudit(c).entityId = id;
    return c.body(photo.bytes, 200, {
      'Content-Type': photo.type,
      'Content-Length': String(photo.bytes.byteLength),
      'Cache-Control': 'private, no-store',
      'Content-Disposition': 'inline',
    });
  });
