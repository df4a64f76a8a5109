import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VENUE_SESSIONS } from '@domain/season';
import { createFamilyHarness, type FamilyHarness } from '../../tests/setup/family-harness';
import { createRecordSecret } from '@domain/record-secret';
import { realImage } from '../../tests/setup/photos';
import { makePhoto } from '../../tests/fixtures/entry-media';
import { childRegistration } from '../../tests/setup/registration-fixtures';
import { sendEntry } from '../../tests/setup/tus-client';
import { entryFilesOf } from '../entries/entry-files';
import { createEntryChecker } from '../entries/entry-worker';
import { testDatabaseKinds } from '../../tests/setup/test-database';
import { json } from '../../tests/setup/test-app';
import { createApi } from '../app';
import type { ReadAction } from '../lib/audit';
import { readActionOf } from '../lib/read-audit';
import { signIn, signInJudge, signInStaff, withCookie } from './auth/sign-in-for-tests';
import { issuedCertificate } from '../../tests/setup/certificate-fixtures';

/**
 * Every route of the API, and whether it answers with personal data (a child's, a family's, a
 * judge applicant's, a subscriber's). Those must carry `readsPersonalData` (server/lib/read-audit.ts),
 * and do; the others say why not. A new route that is in neither list fails this test until
 * someone decides.
 */
const READS: Record<string, ReadAction> = {
  'GET /registrations': 'read.registrations.list',
  'GET /registrations/export.csv': 'read.registrations.export',
  'GET /registrations/:id': 'read.registration.detail',
  'GET /users': 'read.legacy_users.list',
  'GET /judges': 'read.judges.list',
  'GET /judges/panel': 'read.judges.panel',
  'GET /judges/:id/photo': 'read.judge.photo',
  'GET /contact': 'read.contact.list',
  'GET /newsletter': 'read.newsletter.list',
  'GET /newsletter/export.csv': 'read.newsletter.export',
  'GET /erasure-requests': 'read.erasure_requests.list',
  'GET /statements/rows': 'read.statements.list',
  'GET /statements/refunds': 'read.statements.refunds',
  'GET /statements/refunds.csv': 'read.statements.refunds_export',
  'GET /ledger': 'read.ledger.list',
  'GET /ledger/export.csv': 'read.ledger.export',
  'GET /ledger/unpaid-after-deadline': 'read.ledger.unpaid',
  'GET /audit': 'read.audit.list',
  'GET /venue/sessions/:sessionId/roster': 'read.venue.roster',
  'GET /venue/sessions/:sessionId/live': 'read.venue.live',
  'GET /places/:levelId': 'read.places.list',
  'GET /family/registration': 'read.family.registration',
  'GET /family/registration/data': 'read.family.data',
  'GET /family/entries': 'read.family.entries',
  'GET /family/entries/:id/files/:position/thumbnail': 'read.entry.file',
  'GET /entries': 'read.entries.list',
  'GET /entries/missing-files': 'read.entries.missing_files',
  'GET /entries/:id/files/:position/:part': 'read.entry.file',
  'GET /judge/queue': 'read.judging.queue',
  'GET /family/results': 'read.family.results',
  'GET /judge/entries/:entryId/files/:position/:part': 'read.judging.file',
  'GET /verify/:id': 'read.certificate.verify',
  'POST /verify/:id/check': 'read.certificate.verify',
  'GET /certificates': 'read.certificates.list',
  'GET /certificates/print': 'read.certificates.print',
  'GET /certificates/:id/pdf': 'read.certificate.file',
  'GET /family/certificates/:id/pdf': 'read.family.certificate',
};

const NOT_PERSONAL: Record<string, string> = {
  'GET /health': 'the database kind',
  'GET /auth/me': "the caller's own account",
  'POST /auth/login': "the caller's own account",
  'POST /auth/logout': 'nothing',
  'GET /auth/second-factor': "which second factors the caller's own account has (names and dates, never a secret)",
  'POST /auth/second-factor/totp': "a new authenticator secret for the caller's own account",
  'POST /auth/second-factor/totp/confirm': "the caller's own recovery codes, once",
  'POST /auth/second-factor/passkey/options': "a passkey challenge and the caller's own credential ids",
  'POST /auth/second-factor/passkey/register': "the caller's own recovery codes, once",
  'POST /auth/second-factor/verify': 'nothing',
  'POST /auth/second-factor/recovery-codes': "the caller's own new recovery codes",
  'GET /overview': 'counts only',
  'GET /overview/vitals': 'page speed per page pattern, no person',
  'GET /vitals/config': 'whether speed is measured',
  'POST /vitals': 'a speed report; stores no one and answers nothing',
  'GET /retention': 'counts and dates only',
  'GET /registrations/cities': 'the list of cities in the filter, no person',
  'GET /staff': "staff accounts' usernames and roles (the organisers' own accounts)",
  'GET /venue/sessions': "the season's sessions",
  'GET /venue/summary': 'counts per session, staff usernames and device names',
  'POST /venue/reconcile': 'which of the ids the device sent exist, never their content',
  // Writes: each is audited as a change where an admin makes it, and answers with a stored copy
  // only to the device holding the record's secret (ADR 009) or to the admin who changed it.
  'POST /registrations': 'a write (ADR 009)',
  'POST /registrations/batch': 'a write (ADR 009)',
  'PUT /registrations/:id': 'an audited change',
  'DELETE /registrations/:id': 'an audited change',
  'POST /registrations/:id/restore': 'an audited change',
  'POST /registrations/:id/resend-confirmation': 'an audited change',
  'GET /payment-settings': 'the organiser’s UPI address, printed on every payment request',
  'POST /statements/preview': 'answers only the first lines of the file the admin sent',
  'POST /statements/import': 'an audited change; answers counts only',
  'POST /statements/rows/:id/match': 'an audited change',
  'POST /statements/rows/:id/unmatch': 'an audited change',
  'POST /statements/rows/:id/ignore': 'an audited change',
  'POST /statements/rows/:id/resolve': 'an audited change',
  'GET /statements/imports': 'file names, admins’ usernames and counts',
  'POST /statements/imports/:id/undo': 'an audited change; answers counts',
  'POST /registrations/:id/ledger': 'an audited change; answers the registration’s money, no personal data',
  'POST /registrations/:id/ledger/:entryId/void': 'an audited change; answers the registration’s money, no personal data',
  'POST /users/createuser': 'a write (ADR 009)',
  'PUT /users/deleteuser/:id': 'an audited change',
  'POST /judges': 'a write (ADR 009)',
  'PATCH /judges/:id': 'an audited change',
  'POST /contact': 'a write (ADR 009)',
  'PATCH /contact/:id': 'an audited change',
  'POST /newsletter': 'a write; the answer is the same either way',
  'POST /family/find': 'the same answer whether or not the registration exists',
  'PUT /family/registration': "an audited change by the family, answering with the family's own record",
  'POST /family/registration/cancel': 'an audited change by the family',
  'POST /family/registration/consent': 'an audited change by the family',
  'POST /family/registration/erasure-request': 'an audited change by the family',
  'POST /family/registration/links/turn-off-others': 'an audited change by the family; answers a count',
  'POST /family/registration/payment-report': 'an audited change by the family; answers only the family’s own payment',
  'POST /erasure-requests/:id/complete': 'an audited change',
  'POST /family/entries': 'an audited change by the family; answers only the entry it made',
  'POST /family/uploads': 'bytes from the family; answers where to send them',
  'GET /family/uploads/:id': 'a HEAD: how many bytes of the family’s own upload arrived (an upload is never read back)',
  'PATCH /family/uploads/:id': 'bytes from the family; answers their count',
  'DELETE /family/uploads/:id': 'the family ends its own upload',
  'POST /staff': 'an audited change',
  'POST /staff/:username/disable': 'an audited change',
  'POST /staff/:username/enable': 'an audited change',
  'POST /staff/:username/password': 'an audited change',
  'POST /venue/check-ins/batch': 'a write by signed-in staff',
  'POST /venue/fees/batch': 'a write by signed-in staff',
  'POST /venue/walk-ins/batch': 'a write by signed-in staff (ADR 009)',
  'POST /venue/marks/batch': 'a write by signed-in staff',
  'POST /venue/heats/batch': 'a write by signed-in staff',
  'POST /venue/sessions/:sessionId/publish': 'an audited change; answers counts',
  'GET /panels': "the sessions, and judges' usernames, expertise and declared conflicts (the organisers' own accounts)",
  'POST /panels/:sessionId': "an audited change; answers the panel's usernames",
  'DELETE /panels/:sessionId/:judgeId': "an audited change; answers the panel's usernames",
  'PUT /panels/:sessionId/head': 'an audited change',
  'GET /live/:sessionId': 'a published session as the public results pages show it (first name and initial, or the code)',
  'GET /judge/live': "the judge's own sessions: where and when",
  'GET /judge/live/:sessionId': "running numbers and the judge's own sheets: no child's details",
  'PUT /judge/live/:sessionId/sheets/:number': "a judge's own score sheet",
  'POST /auth/invite': "sets the caller's own password; answers their username",
  'POST /family/results/places': "an audited change by the family; answers the child's own place (session, slot, state)",
  'POST /places/:levelId/invitations': 'audited changes; answers counts',
  'POST /places/deadline': 'audited changes; answers counts',
  'PUT /places/move': 'an audited change; answers the change count',
  'POST /judges/:id/invite': 'an audited change; answers the new username',
  'GET /judge/profile': "the judge's own expertise and conflicts",
  'PUT /judge/profile': "an audited change of the judge's own conflicts",
  'PUT /judge/scores/:entryId': "a judge's own score sheet",
  'POST /judge/entries/:entryId/recuse': 'an audited change',
  'GET /judging/rounds/:levelId': "the round's state and the judges' usernames and progress",
  'POST /judging/rounds': 'an audited change; answers counts',
  'POST /judging/rounds/:id/state': 'an audited change; answers the round',
  'GET /judging/rounds/:id/moderation': 'blind entry numbers, scores and judges’ usernames: no child’s details',
  'PUT /judging/rounds/:id/entries/:entryId/notes/:judgeId': "an audited change; answers the judge's note to the family (no child's details)",
  'POST /judging/rounds/:id/entries/:entryId/judges': 'an audited change',
  'DELETE /judging/rounds/:id/entries/:entryId/judges/:judgeId': 'an audited change',
  'POST /certificates/issue': 'an audited change; answers a count',
  'POST /certificates/:id/revoke': 'an audited change; answers the id',
  'POST /certificates/:id/reissue': 'an audited change; answers the new id',
  'PUT /family/results-name': "an audited change by the family; answers the family's choice",
};

/** Each route of the API with the read action its chain audits, if any. */
function routesOfTheApi(): Map<string, ReadAction | undefined> {
  const routes = new Map<string, ReadAction | undefined>();
  for (const route of createApi().routes) {
    if (route.method === 'ALL') continue;
    const key = `${route.method} ${route.path}`;
    routes.set(key, routes.get(key) ?? readActionOf(route.handler));
  }
  return routes;
}

describe('the read audit covers every route that answers with personal data', () => {
  const routes = routesOfTheApi();

  it('every route is classified, and every route that reads personal data carries the read audit', () => {
    const unclassified = [...routes.keys()].filter((key) => !(key in READS) && !(key in NOT_PERSONAL));
    expect(unclassified, 'classify these routes in server/routes/read-audit.test.ts').toEqual([]);
    const stale = [...Object.keys(READS), ...Object.keys(NOT_PERSONAL)].filter((key) => !routes.has(key));
    expect(stale, 'these routes no longer exist').toEqual([]);
    const audited = Object.fromEntries([...routes].filter(([, action]) => action !== undefined));
    expect(audited).toEqual(READS);
  });
});

describe.each(testDatabaseKinds())('each audited route writes its read-audit row, on %s', (kind) => {
  let h: FamilyHarness;
  let admin: string;
  let staff: string;
  let judge: string;
  let token: string;
  let registrationId: string;
  let judgeId: string;
  let entryId: string;
  let certificateId: string;
  const media = mkdtempSync(join(tmpdir(), 'ktc-read-audit-media-'));

  beforeAll(async () => {
    h = await createFamilyHarness(kind);
    admin = await signIn(h.t);
    staff = await signInStaff(h.t);
    const family = await h.register(childRegistration({ categories: ['dance', 'drawing'] }));
    token = family.token;
    registrationId = family.input.id;
    judgeId = randomUUID();
    const form = new FormData();
    const fields = { recordSecret: createRecordSecret(), id: judgeId, name: 'Lakshmi Iyer', email: 'lakshmi@example.org', expertise: 'Classical Dancer', experience: '12', bio: 'Teacher.' };
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    form.set('photo', new Blob([await realImage('jpeg')], { type: 'image/jpeg' }), 'photo.jpg');
    expect((await h.t.request('/api/judges', { method: 'POST', body: form })).status).toBe(201);
    entryId = randomUUID();
    await sendEntry(h, token, { id: entryId, category: 'drawing', files: [await makePhoto(media, { width: 64, height: 64 })] });
    const { storage, uploads } = entryFilesOf(h.t.deps);
    expect(await createEntryChecker(h.t.deps, storage, uploads).checkDue()).toBe(1);
    // A drawing judge with that entry in their queue.
    judge = await signInJudge(h.t);
    expect((await h.t.request('/api/judging/rounds', withCookie(admin, json({ levelId: 'level1' })))).status).toBe(200);
    certificateId = await issuedCertificate(h.t.deps, registrationId);
    expect((await h.family(token, '/registration/erasure-request', { method: 'POST' })).status).toBeLessThan(300);
  });
  afterAll(async () => {
    await h.close();
    rmSync(media, { recursive: true, force: true });
  });

  const session = VENUE_SESSIONS[0]!;
  /** A streamed answer, read to its end: its read is audited once the last byte went out. */
  const readToTheEnd = async (answer: Promise<Response>) => {
    const response = await answer;
    await response.text();
    return response;
  };
  const requests: Record<keyof typeof READS, () => Promise<Response>> = {
    'GET /registrations': () => h.t.request('/api/registrations', withCookie(admin)),
    'GET /registrations/export.csv': () => readToTheEnd(h.t.request('/api/registrations/export.csv', withCookie(admin))),
    'GET /registrations/:id': () => h.t.request(`/api/registrations/${registrationId}`, withCookie(admin)),
    'GET /users': () => readToTheEnd(h.t.request('/api/users', withCookie(admin))),
    'GET /judges': () => h.t.request('/api/judges', withCookie(admin)),
    'GET /judges/panel': () => h.t.request('/api/judges/panel', withCookie(admin)),
    'GET /judges/:id/photo': () => h.t.request(`/api/judges/${judgeId}/photo`, withCookie(admin)),
    'GET /contact': () => h.t.request('/api/contact', withCookie(admin)),
    'GET /newsletter': () => h.t.request('/api/newsletter', withCookie(admin)),
    'GET /newsletter/export.csv': () => readToTheEnd(h.t.request('/api/newsletter/export.csv', withCookie(admin))),
    'GET /erasure-requests': () => h.t.request('/api/erasure-requests', withCookie(admin)),
    'GET /audit': () => h.t.request('/api/audit', withCookie(admin)),
    'GET /statements/rows': () => h.t.request('/api/statements/rows', withCookie(admin)),
    'GET /statements/refunds': () => h.t.request('/api/statements/refunds', withCookie(admin)),
    'GET /statements/refunds.csv': () => readToTheEnd(h.t.request('/api/statements/refunds.csv', withCookie(admin))),
    'GET /ledger': () => h.t.request('/api/ledger', withCookie(admin)),
    'GET /ledger/unpaid-after-deadline': () => h.t.request('/api/ledger/unpaid-after-deadline', withCookie(admin)),
    'GET /ledger/export.csv': () => readToTheEnd(h.t.request('/api/ledger/export.csv', withCookie(admin))),
    'GET /venue/sessions/:sessionId/roster': () => h.t.request(`/api/venue/sessions/${session.id}/roster`, withCookie(staff)),
    'GET /venue/sessions/:sessionId/live': () => h.t.request(`/api/venue/sessions/${session.id}/live`, withCookie(staff)),
    'GET /places/:levelId': () => h.t.request('/api/places/level2', withCookie(admin)),
    'GET /family/registration': () => h.family(token, '/registration'),
    'GET /family/entries': () => h.family(token, '/entries'),
    'GET /family/results': () => h.family(token, '/results'),
    'GET /family/entries/:id/files/:position/thumbnail': () => h.family(token, `/entries/${entryId}/files/0/thumbnail`),
    'GET /entries': () => h.t.request('/api/entries?category=drawing', withCookie(admin)),
    'GET /entries/missing-files': () => h.t.request('/api/entries/missing-files', withCookie(admin)),
    'GET /entries/:id/files/:position/:part': () => h.t.request(`/api/entries/${entryId}/files/0/media`, withCookie(admin)),
    'GET /judge/queue': () => h.t.request('/api/judge/queue', withCookie(judge)),
    'GET /judge/entries/:entryId/files/:position/:part': () => h.t.request(`/api/judge/entries/${entryId}/files/0/media`, withCookie(judge)),
    'GET /verify/:id': () => h.t.request(`/api/verify/${certificateId}`),
    'POST /verify/:id/check': () => h.t.request(`/api/verify/${certificateId}/check`, { method: 'POST', body: 'not the pdf', headers: { 'X-Requested-With': 'fetch' } }),
    'GET /certificates': () => h.t.request('/api/certificates', withCookie(admin)),
    'GET /certificates/print': async () => {
      const response = await h.t.request('/api/certificates/print?category=drawing', withCookie(admin));
      await response.arrayBuffer();
      return response;
    },
    'GET /certificates/:id/pdf': async () => {
      const response = await h.t.request(`/api/certificates/${certificateId}/pdf`, withCookie(admin));
      await response.arrayBuffer();
      return response;
    },
    'GET /family/certificates/:id/pdf': async () => {
      const response = await h.family(token, `/certificates/${certificateId}/pdf`);
      await response.arrayBuffer();
      return response;
    },
    'GET /family/registration/data': () => readToTheEnd(h.family(token, '/registration/data')),
  };

  const readRows = (action: ReadAction) =>
    h.t.database.rows<{ username: string; actor: string; entity: string | null }>(
      sql`select admin_username as username, actor, entity_id as entity from audit_log where kind = 'read' and action = ${action} order by id`,
    );

  it.each(Object.keys(READS))('%s', async (key) => {
    const action = READS[key]!;
    const before = (await readRows(action)).length;
    const response = await requests[key]!();
    expect(response.status).toBe(200);
    // A streamed export writes its row when the stream ends, just after the body is read.
    await expect.poll(async () => (await readRows(action)).length).toBe(before + 1);
    const [row] = (await readRows(action)).slice(-1);
    const visitor = key.includes(' /verify/');
    const expectedReader = key.startsWith('GET /family') ? 'family' : key.startsWith('GET /venue') ? 'venue-staff' : key.startsWith('GET /judge/') ? 'test-judge' : visitor ? 'visitor' : 'test-admin';
    expect(row?.username).toBe(expectedReader);
    expect(row?.actor).toBe(key.startsWith('GET /family') ? 'family' : visitor ? 'visitor' : 'admin');
    if (key === 'GET /registrations/:id' || key === 'GET /family/registration' || key === 'GET /family/registration/data' || key === 'GET /family/entries' || key === 'GET /family/results' || visitor || key === 'GET /family/certificates/:id/pdf') expect(row?.entity).toBe(registrationId);
    if (key.includes('/files/')) expect(row?.entity).toBe(entryId);
  });

  it('a refused read (no session, or a bad id) writes no read row', async () => {
    const count = async () => Number((await h.t.database.rows<{ n: number }>(sql`select count(*)::int as n from audit_log where kind = 'read'`))[0]?.n);
    const before = await count();
    expect((await h.t.request('/api/registrations')).status).toBe(401);
    expect((await h.t.request(`/api/registrations/${randomUUID()}`, withCookie(admin))).status).toBe(404);
    expect((await h.t.request('/api/erasure-requests', withCookie(staff))).status).toBe(403);
    expect(await count()).toBe(before);
  });
});
