import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiErrorBody } from '@domain/api-error';
import { VENUE_SESSIONS } from '@domain/season';
import { seasonEndsAt } from '@domain/season';
import { childRegistration } from '../../tests/setup/registration-fixtures';
import { createTestApp, json, type TestApp } from '../../tests/setup/test-app';
import { createApi } from '../app';
import { loadEnv } from '../env';
import { createFamilyLink } from '../db/stores/family-link-store';
import { signIn, signInJudge, signInStaff, withCookie } from './auth/sign-in-for-tests';

/**
 * Every endpoint of the API, public, family, staff and admin, fed generated junk in its path
 * parameters, query and body: a 2xx or a 4xx with the JSON error shape, never a 5xx and never a
 * database error's text. Public writes get deeper generators in public-writes.property.test.ts,
 * the admin lists' queries and cursors in admin-lists.property.test.ts; this file makes sure no
 * route is left out (a new route fails the coverage test until it is added here).
 */

const junkText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\ud800', 'த', '💃🏽', 'x'.repeat(5000), '2026-02-31', '0000-01-01T00:00:00Z', '0001-06-01', 'NaN', '1e309', '-1', 'null'),
);
const junkId = fc.oneof(fc.uuid().map(String), junkText, fc.constantFrom(randomUUID(), 'not-a-uuid', '1', '9223372036854775808'));
const leaf = fc.oneof(junkText, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const junkValue = fc.oneof(leaf, fc.array(leaf, { maxLength: 4 }), fc.dictionary(fc.string({ maxLength: 8 }), leaf, { maxKeys: 4 }));

/** A record of the kind an endpoint takes, with some fields replaced by junk. */
function mutated(base: Record<string, unknown>) {
  return fc
    .dictionary(fc.constantFrom(...Object.keys(base), 'extra'), junkValue, { maxKeys: 3 })
    .map((changes) => ({ ...base, ...changes }));
}

const session = VENUE_SESSIONS[0]!;
const venueMark = { sessionId: session.id, deviceId: 'device-fuzzing-1' };
const checkIn = () => ({ id: randomUUID(), registrationId: randomUUID(), checkedInAt: new Date().toISOString(), ...venueMark });
const fee = () => ({ id: randomUUID(), registrationId: randomUUID(), status: 'paid', amountRupees: session.feeRupees, recordedAt: new Date().toISOString(), ...venueMark });
const walkIn = () => ({ ...childRegistration({ categories: ['crawling'], age: 7 }), consentChannel: 'field-staff', ...venueMark });
const panelSession = VENUE_SESSIONS.find((s) => s.judging === 'panel')!;
const mark = () => ({ id: randomUUID(), registrationId: randomUUID(), status: 'did-not-perform', overTime: true, position: null, markedAt: new Date().toISOString(), ...venueMark, sessionId: panelSession.id });
const heat = () => ({ id: randomUUID(), heat: 1, runners: [{ registrationId: randomUUID(), timeMs: 12_000 }], recordedAt: new Date().toISOString(), ...venueMark });
const sessionPath = (template: (id: string) => string) => fc.oneof(param(template), fc.constant(template(panelSession.id)), fc.constant(template(session.id)));

type Who = 'admin' | 'staff' | 'judge' | 'family' | 'nobody';
type Case = { who: Who; path: fc.Arbitrary<string>; body?: fc.Arbitrary<unknown> };

const param = (template: (id: string) => string) => junkId.map((id) => template(encodeURIComponent(id.replace(/[\ud800-\udfff]/g, '\ufffd'))));
const query = (path: string) => fc.dictionary(fc.constantFrom('cursor', 'q', 'day', 'kind', 'status', 'limit', 'sort'), junkText, { maxKeys: 3 }).map(
  (values) => `${path}?${new URLSearchParams(values as Record<string, string>).toString()}`,
);
const batchOf = (field: string, make: () => Record<string, unknown>) =>
  fc.oneof(junkValue, fc.array(mutated(make()), { minLength: 1, maxLength: 4 }).map((records) => ({ [field]: records })));

/** Every route, "METHOD path" as Hono lists it, with who calls it and what it is fed. */
const CASES: Record<string, Case> = {
  'GET /health': { who: 'nobody', path: fc.constant('/api/health') },
  'GET /auth/me': { who: 'admin', path: fc.constant('/api/auth/me') },
  'POST /auth/login': { who: 'nobody', path: fc.constant('/api/auth/login'), body: mutated({ username: 'someone', password: 'not the password at all', remember: false }) },
  'POST /auth/logout': { who: 'admin', path: fc.constant('/api/auth/logout'), body: junkValue },
  'GET /auth/second-factor': { who: 'admin', path: fc.constant('/api/auth/second-factor') },
  'POST /auth/second-factor/totp': { who: 'admin', path: fc.constant('/api/auth/second-factor/totp'), body: junkValue },
  'POST /auth/second-factor/totp/confirm': { who: 'admin', path: fc.constant('/api/auth/second-factor/totp/confirm'), body: mutated({ code: '123456' }) },
  'POST /auth/second-factor/passkey/options': { who: 'admin', path: fc.constant('/api/auth/second-factor/passkey/options'), body: mutated({ purpose: 'register' }) },
  'POST /auth/second-factor/passkey/register': {
    who: 'admin',
    path: fc.constant('/api/auth/second-factor/passkey/register'),
    body: mutated({ response: { id: 'a', rawId: 'a', type: 'public-key', response: { clientDataJSON: 'e30' } }, name: 'Key' }),
  },
  'POST /auth/second-factor/verify': { who: 'admin', path: fc.constant('/api/auth/second-factor/verify'), body: mutated({ method: 'totp', code: '123456' }) },
  'POST /auth/second-factor/recovery-codes': { who: 'admin', path: fc.constant('/api/auth/second-factor/recovery-codes'), body: junkValue },
  'GET /registrations': { who: 'admin', path: query('/api/registrations') },
  'GET /registrations/cities': { who: 'admin', path: query('/api/registrations/cities') },
  'GET /registrations/export.csv': { who: 'admin', path: query('/api/registrations/export.csv') },
  'GET /registrations/:id': { who: 'admin', path: param((id) => `/api/registrations/${id}`) },
  'PUT /registrations/:id': { who: 'admin', path: param((id) => `/api/registrations/${id}`), body: mutated({ type: 'participant', name: 'Asha', age: 7, email: 'a@example.org', phone: '9876543210', city: 'Chennai', categories: ['dance'], version: 1 }) },
  'DELETE /registrations/:id': { who: 'admin', path: param((id) => `/api/registrations/${id}`) },
  'POST /registrations/:id/restore': { who: 'admin', path: param((id) => `/api/registrations/${id}/restore`), body: junkValue },
  'POST /registrations/:id/resend-confirmation': { who: 'admin', path: param((id) => `/api/registrations/${id}/resend-confirmation`), body: junkValue },
  'POST /registrations/:id/ledger': {
    who: 'admin',
    path: param((id) => `/api/registrations/${id}/ledger`),
    body: mutated({ id: randomUUID(), kind: 'payment', method: 'upi', amountRupees: 99, reference: '412345678901', occurredAt: new Date().toISOString() }),
  },
  'GET /payment-settings': { who: 'nobody', path: fc.constant('/api/payment-settings') },
  'GET /ledger': { who: 'admin', path: query('/api/ledger') },
  'GET /ledger/export.csv': { who: 'admin', path: query('/api/ledger/export.csv') },
  'GET /ledger/unpaid-after-deadline': { who: 'admin', path: fc.constant('/api/ledger/unpaid-after-deadline') },
  'POST /statements/preview': { who: 'admin', path: fc.constant('/api/statements/preview'), body: junkValue },
  'POST /statements/import': { who: 'admin', path: query('/api/statements/import'), body: junkValue },
  'GET /statements/rows': { who: 'admin', path: query('/api/statements/rows') },
  'POST /statements/rows/:id/match': { who: 'admin', path: param((id) => `/api/statements/rows/${id}/match`), body: mutated({ referenceCodes: ['KTC-7F3K-9QX2'] }) },
  'POST /statements/rows/:id/unmatch': { who: 'admin', path: param((id) => `/api/statements/rows/${id}/unmatch`), body: junkValue },
  'POST /statements/rows/:id/ignore': { who: 'admin', path: param((id) => `/api/statements/rows/${id}/ignore`), body: mutated({ ignore: true }) },
  'POST /statements/rows/:id/resolve': { who: 'admin', path: param((id) => `/api/statements/rows/${id}/resolve`), body: mutated({ resolution: 'kept', note: 'Kept as a donation' }) },
  'GET /statements/refunds': { who: 'admin', path: fc.constant('/api/statements/refunds') },
  'GET /statements/refunds.csv': { who: 'admin', path: fc.constant('/api/statements/refunds.csv') },
  'GET /statements/imports': { who: 'admin', path: fc.constant('/api/statements/imports') },
  'POST /statements/imports/:id/undo': { who: 'admin', path: param((id) => `/api/statements/imports/${id}/undo`), body: junkValue },
  'POST /registrations/:id/ledger/:entryId/void': { who: 'admin', path: param((id) => `/api/registrations/${id}/ledger/${id}/void`), body: mutated({ reason: 'Entered twice' }) },
  'POST /registrations': { who: 'nobody', path: fc.constant('/api/registrations'), body: mutated(childRegistration()) },
  'POST /registrations/batch': { who: 'nobody', path: fc.constant('/api/registrations/batch'), body: batchOf('registrations', () => childRegistration()) },
  'GET /users': { who: 'admin', path: fc.constant('/api/users') },
  'POST /users/createuser': { who: 'nobody', path: fc.constant('/api/users/createuser'), body: mutated({ name: 'Asha', age: 7, email: 'a@example.org', phone: '9876543210', city: 'Chennai', categories: 'Dance Challenge', agreeTerms: true, createdBy: 'participants' }) },
  'PUT /users/deleteuser/:id': { who: 'admin', path: param((id) => `/api/users/deleteuser/${id}`), body: junkValue },
  'GET /judges': { who: 'admin', path: query('/api/judges') },
  'GET /judges/panel': { who: 'admin', path: fc.constant('/api/judges/panel') },
  'GET /judges/:id/photo': { who: 'admin', path: param((id) => `/api/judges/${id}/photo`) },
  'PATCH /judges/:id': { who: 'admin', path: param((id) => `/api/judges/${id}`), body: mutated({ status: 'approved', note: 'fine' }) },
  'POST /judges': { who: 'nobody', path: fc.constant('/api/judges'), body: mutated({ id: randomUUID(), name: 'Lakshmi', expertise: 'Classical Dancer', experience: 3, bio: 'Teacher' }) },
  'GET /contact': { who: 'admin', path: query('/api/contact') },
  'PATCH /contact/:id': { who: 'admin', path: param((id) => `/api/contact/${id}`), body: mutated({ handled: true }) },
  'POST /contact': { who: 'nobody', path: fc.constant('/api/contact'), body: mutated({ id: randomUUID(), name: 'Ravi', email: 'r@example.org', phone: '9876543210', subject: 'Hi', message: 'Hello' }) },
  'GET /newsletter': { who: 'admin', path: query('/api/newsletter') },
  'GET /newsletter/export.csv': { who: 'admin', path: fc.constant('/api/newsletter/export.csv') },
  'POST /newsletter': { who: 'nobody', path: fc.constant('/api/newsletter'), body: mutated({ id: randomUUID(), email: 'n@example.org' }) },
  'GET /audit': { who: 'admin', path: query('/api/audit') },
  'GET /family/registration': { who: 'family', path: fc.constant('/api/family/registration') },
  'PUT /family/registration': { who: 'family', path: fc.constant('/api/family/registration'), body: mutated({ type: 'participant', name: 'Asha', age: 7, email: 'a@example.org', phone: '9876543210', city: 'Chennai', categories: ['dance'], version: 1 }) },
  'POST /family/registration/cancel': { who: 'family', path: fc.constant('/api/family/registration/cancel'), body: junkValue },
  'POST /family/registration/consent': { who: 'family', path: fc.constant('/api/family/registration/consent'), body: mutated({ guardianName: 'Lakshmi', privacyConsent: true, privacyNoticeVersion: '2027-1' }) },
  'GET /family/registration/data': { who: 'family', path: fc.constant('/api/family/registration/data') },
  'POST /family/registration/erasure-request': { who: 'family', path: fc.constant('/api/family/registration/erasure-request'), body: junkValue },
  'POST /family/registration/links/turn-off-others': { who: 'family', path: fc.constant('/api/family/registration/links/turn-off-others'), body: junkValue },
  'POST /family/registration/payment-report': { who: 'family', path: fc.constant('/api/family/registration/payment-report'), body: mutated({ id: randomUUID(), utr: '412345678901', reportedAt: new Date().toISOString() }) },
  'GET /family/entries': { who: 'family', path: fc.constant('/api/family/entries') },
  'POST /family/entries': { who: 'family', path: fc.constant('/api/family/entries'), body: mutated({ id: randomUUID(), category: 'dance', levelId: 'level1', files: [{ bytes: 1000 }] }) },
  'POST /family/uploads': { who: 'family', path: fc.constant('/api/family/uploads'), body: junkValue },
  'GET /family/uploads/:id': { who: 'family', path: param((id) => `/api/family/uploads/${id}.0.0123456789abcdef`) },
  'PATCH /family/uploads/:id': { who: 'family', path: param((id) => `/api/family/uploads/${id}.0.0123456789abcdef`), body: junkValue },
  'DELETE /family/uploads/:id': { who: 'family', path: param((id) => `/api/family/uploads/${id}`) },
  'GET /family/entries/:id/files/:position/thumbnail': {
    who: 'family',
    path: fc.oneof(param((id) => `/api/family/entries/${id}/files/0/thumbnail`), fc.tuple(param((id) => id), param((position) => position)).map(([id, position]) => `/api/family/entries/${id}/files/${position}/thumbnail`)),
  },
  'GET /entries': { who: 'admin', path: query('/api/entries') },
  'GET /entries/missing-files': { who: 'admin', path: fc.constant('/api/entries/missing-files') },
  'GET /entries/:id/files/:position/:part': { who: 'admin', path: param((id) => `/api/entries/${id}/files/0/media`) },
  'POST /family/find': { who: 'nobody', path: fc.constant('/api/family/find'), body: mutated({ referenceCode: 'KTC-7F3K-9QX2', contact: 'a@example.org' }) },
  'GET /erasure-requests': { who: 'admin', path: fc.constant('/api/erasure-requests') },
  'POST /erasure-requests/:id/complete': { who: 'admin', path: param((id) => `/api/erasure-requests/${id}/complete`), body: junkValue },
  'GET /staff': { who: 'admin', path: fc.constant('/api/staff') },
  'POST /staff': { who: 'admin', path: fc.constant('/api/staff'), body: mutated({ username: 'door-helper', password: 'correct horse battery staple' }) },
  'POST /staff/:username/disable': { who: 'admin', path: param((name) => `/api/staff/${name}/disable`), body: junkValue },
  'POST /staff/:username/enable': { who: 'admin', path: param((name) => `/api/staff/${name}/enable`), body: junkValue },
  'POST /staff/:username/password': { who: 'admin', path: param((name) => `/api/staff/${name}/password`), body: mutated({ password: 'a brand new passphrase here' }) },
  'GET /venue/sessions': { who: 'staff', path: fc.constant('/api/venue/sessions') },
  'GET /venue/sessions/:sessionId/roster': { who: 'staff', path: fc.oneof(param((id) => `/api/venue/sessions/${id}/roster`), query(`/api/venue/sessions/${session.id}/roster`)) },
  'POST /venue/check-ins/batch': { who: 'staff', path: fc.constant('/api/venue/check-ins/batch'), body: batchOf('checkIns', checkIn) },
  'POST /venue/fees/batch': { who: 'staff', path: fc.constant('/api/venue/fees/batch'), body: batchOf('fees', fee) },
  'POST /venue/walk-ins/batch': { who: 'staff', path: fc.constant('/api/venue/walk-ins/batch'), body: batchOf('walkIns', walkIn) },
  'POST /venue/marks/batch': { who: 'staff', path: fc.constant('/api/venue/marks/batch'), body: batchOf('marks', mark) },
  'POST /venue/heats/batch': { who: 'staff', path: fc.constant('/api/venue/heats/batch'), body: batchOf('heats', heat) },
  'GET /venue/sessions/:sessionId/live': { who: 'staff', path: sessionPath((id) => `/api/venue/sessions/${id}/live`) },
  'POST /venue/sessions/:sessionId/publish': { who: 'staff', path: param((id) => `/api/venue/sessions/${id}/publish`), body: junkValue },
  'GET /panels': { who: 'admin', path: fc.constant('/api/panels') },
  'POST /panels/:sessionId': { who: 'admin', path: sessionPath((id) => `/api/panels/${id}`), body: mutated({ judgeId: randomUUID() }) },
  'DELETE /panels/:sessionId/:judgeId': { who: 'admin', path: junkId.map((id) => `/api/panels/${panelSession.id}/${encodeURIComponent(id.replace(/[\ud800-\udfff]/g, '\ufffd'))}`) },
  'PUT /panels/:sessionId/head': { who: 'admin', path: sessionPath((id) => `/api/panels/${id}/head`), body: mutated({ username: 'venue-staff' }) },
  'GET /live/:sessionId': { who: 'nobody', path: sessionPath((id) => `/api/live/${id}`) },
  'GET /judge/live': { who: 'judge', path: fc.constant('/api/judge/live') },
  'GET /judge/live/:sessionId': { who: 'judge', path: sessionPath((id) => `/api/judge/live/${id}`) },
  'PUT /judge/live/:sessionId/sheets/:number': {
    who: 'judge',
    path: fc.oneof(sessionPath((id) => `/api/judge/live/${id}/sheets/1`), junkId.map((id) => `/api/judge/live/${panelSession.id}/sheets/${encodeURIComponent(id.replace(/[\ud800-\udfff]/g, '\ufffd'))}`)),
    body: mutated({ scores: { technique: 5, expression: 5, choreography: 5, presence: 5 }, note: '', recused: false, editedAt: new Date().toISOString() }),
  },
  'POST /venue/reconcile': { who: 'staff', path: fc.constant('/api/venue/reconcile'), body: fc.oneof(junkValue, fc.record({ registrations: fc.array(junkId, { maxLength: 4 }), checkIns: fc.array(mutated(checkIn()), { maxLength: 3 }) })) },
  'GET /venue/summary': { who: 'admin', path: fc.constant('/api/venue/summary') },
  'GET /overview': { who: 'admin', path: fc.constant('/api/overview') },
  'GET /retention': { who: 'admin', path: fc.constant('/api/retention') },
  'GET /family/results': { who: 'family', path: fc.constant('/api/family/results') },
  'POST /family/results/places': { who: 'family', path: fc.constant('/api/family/results/places'), body: mutated({ levelId: 'level2', category: 'dance', answer: 'accept' }) },
  'GET /places/:levelId': { who: 'admin', path: fc.constantFrom('level2', 'level3', 'level1', 'level%00').map((level) => `/api/places/${level}`) },
  'POST /places/:levelId/invitations': { who: 'admin', path: fc.constantFrom('level2', 'level3', 'levelX').map((level) => `/api/places/${level}/invitations`), body: junkValue },
  'POST /places/deadline': { who: 'admin', path: fc.constant('/api/places/deadline'), body: junkValue },
  'PUT /places/move': { who: 'admin', path: fc.constant('/api/places/move'), body: mutated({ registrationId: randomUUID(), levelId: 'level2', category: 'dance', sessionId: '2027-l2-dance-6-8', slot: 3 }) },
  'POST /auth/invite': { who: 'nobody', path: fc.constant('/api/auth/invite'), body: mutated({ token: 'a'.repeat(43), password: 'a long enough new password' }) },
  'POST /judges/:id/invite': { who: 'admin', path: param((id) => `/api/judges/${id}/invite`), body: junkValue },
  'GET /judge/queue': { who: 'judge', path: fc.oneof(fc.constant('/api/judge/queue'), fc.dictionary(fc.constantFrom('after', 'limit'), junkText, { maxKeys: 2 }).map((values) => `/api/judge/queue?${new URLSearchParams(values as Record<string, string>).toString()}`)) },
  'GET /judge/profile': { who: 'judge', path: fc.constant('/api/judge/profile') },
  'PUT /judge/profile': { who: 'judge', path: fc.constant('/api/judge/profile'), body: mutated({ conflicts: ['Little Stars Academy'] }) },
  'PUT /judge/scores/:entryId': { who: 'judge', path: param((id) => `/api/judge/scores/${id}`), body: mutated({ scores: { idea: 5, skill: 5, colour: 5, finish: 5 }, comment: '', familyNote: 'Lovely colours.', editedAt: new Date().toISOString() }) },
  'POST /judge/entries/:entryId/recuse': { who: 'judge', path: param((id) => `/api/judge/entries/${id}/recuse`), body: junkValue },
  'GET /judge/entries/:entryId/files/:position/:part': { who: 'judge', path: param((id) => `/api/judge/entries/${id}/files/0/media`) },
  'GET /judging/rounds/:levelId': { who: 'admin', path: fc.oneof(fc.constant('/api/judging/rounds/level1'), param((id) => `/api/judging/rounds/${id}`)) },
  'POST /judging/rounds': { who: 'admin', path: fc.constant('/api/judging/rounds'), body: mutated({ levelId: 'level1' }) },
  'POST /judging/rounds/:id/state': { who: 'admin', path: param((id) => `/api/judging/rounds/${id}/state`), body: mutated({ from: 'scoring', to: 'closed' }) },
  'GET /judging/rounds/:id/moderation': {
    who: 'admin',
    path: fc.oneof(
      param((id) => `/api/judging/rounds/${id}/moderation`),
      fc.dictionary(fc.constantFrom('contest', 'show', 'cursor', 'limit'), junkText, { maxKeys: 4 }).map((values) => `/api/judging/rounds/0b6f1c6e-6a55-4c0e-9d65-2f3e0d1a7c11/moderation?${new URLSearchParams(values as Record<string, string>).toString()}`),
    ),
  },
  'PUT /judging/rounds/:id/entries/:entryId/notes/:judgeId': { who: 'admin', path: param((id) => `/api/judging/rounds/${id}/entries/${id}/notes/${id}`), body: mutated({ text: 'Lovely colours.', hidden: false }) },
  'POST /judging/rounds/:id/entries/:entryId/judges': { who: 'admin', path: param((id) => `/api/judging/rounds/${id}/entries/${id}/judges`), body: junkValue },
  'DELETE /judging/rounds/:id/entries/:entryId/judges/:judgeId': { who: 'admin', path: param((id) => `/api/judging/rounds/${id}/entries/${id}/judges/${id}`) },
  'GET /verify/:id': { who: 'nobody', path: fc.oneof(param((id) => `/api/verify/${id}`), fc.constant('/api/verify/abcdefghijklmnop')) },
  'POST /verify/:id/check': { who: 'nobody', path: fc.oneof(param((id) => `/api/verify/${id}/check`), fc.constant('/api/verify/abcdefghijklmnop/check')), body: junkValue },
  'GET /certificates': { who: 'admin', path: fc.oneof(fc.constant('/api/certificates'), fc.dictionary(fc.constantFrom('levelId', 'category', 'sessionId', 'q'), junkText, { maxKeys: 3 }).map((values) => `/api/certificates?${new URLSearchParams(values as Record<string, string>).toString()}`)) },
  'POST /certificates/issue': { who: 'admin', path: fc.constant('/api/certificates/issue'), body: mutated({ levelId: 'level1' }) },
  'GET /certificates/print': { who: 'admin', path: fc.dictionary(fc.constantFrom('levelId', 'category', 'sessionId'), junkText, { maxKeys: 3 }).map((values) => `/api/certificates/print?${new URLSearchParams(values as Record<string, string>).toString()}`) },
  'GET /certificates/:id/pdf': { who: 'admin', path: param((id) => `/api/certificates/${id}/pdf`) },
  'POST /certificates/:id/revoke': { who: 'admin', path: param((id) => `/api/certificates/${id}/revoke`), body: mutated({ reason: 'A reason given' }) },
  'POST /certificates/:id/reissue': { who: 'admin', path: param((id) => `/api/certificates/${id}/reissue`), body: junkValue },
  'GET /family/certificates/:id/pdf': { who: 'family', path: param((id) => `/api/family/certificates/${id}/pdf`) },
  'GET /vitals/config': { who: 'nobody', path: fc.constant('/api/vitals/config') },
  'POST /vitals': {
    who: 'nobody',
    path: fc.constant('/api/vitals'),
    body: fc.oneof(mutated({ page: '/about', lang: 'en', metrics: [{ name: 'LCP', value: 1200 }] }), fc.record({ page: junkText, lang: fc.constant('ta'), metrics: fc.array(mutated({ name: 'CLS', value: 0.1 }), { maxLength: 6 }) })),
  },
  'GET /overview/vitals': { who: 'admin', path: fc.oneof(fc.constant('/api/overview/vitals?days=7'), fc.dictionary(fc.constantFrom('days'), junkText, { maxKeys: 1 }).map((values) => `/api/overview/vitals?${new URLSearchParams(values as Record<string, string>).toString()}`)) },
  'PUT /family/results-name': { who: 'family', path: fc.constant('/api/family/results-name'), body: mutated({ resultsName: 'code' }) },
};

describe('every endpoint under generated junk', () => {
  it('covers every route of the API', () => {
    const routes = new Set(createApi().routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`));
    expect([...routes].filter((key) => !(key in CASES)), 'add these routes to CASES').toEqual([]);
    expect(Object.keys(CASES).filter((key) => !routes.has(key)), 'these routes no longer exist').toEqual([]);
  });

  let t: TestApp;
  const cookies: Partial<Record<Who, string>> = {};
  /** A token of the right shape that no link has: every family route still runs its checks. */
  const unknownFamilyToken = 'a'.repeat(43);
  /** A real link to a registration of its own, so the family routes' handlers run past the link check. */
  const familyLink = async () => {
    const created = await t.request('/api/registrations', json(childRegistration({ categories: ['dance', 'drawing'] })));
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    return (await createFamilyLink(t.deps.database.db, { registrationId: id, mailId: null, expiresAt: seasonEndsAt(), now: new Date() })).token;
  };
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: loadEnv({ NODE_ENV: 'test', SCRYPT_LOG_N: '10', PUBLIC_WRITE_LIMIT_FACTOR: '0' }) });
    cookies.admin = await signIn(t);
    cookies.staff = await signInStaff(t);
    cookies.judge = await signInJudge(t);
  });
  afterAll(() => t.close());

  it.each(Object.keys(CASES))('%s never answers 5xx', async (key) => {
    const spec = CASES[key]!;
    const method = key.split(' ')[0]!;
    // Family routes: half the runs with a link nobody has, half with a real one (the handler runs).
    const linked = spec.who === 'family' ? await familyLink() : unknownFamilyToken;
    const requests = fc.tuple(spec.path, spec.body ?? fc.constant(undefined), fc.boolean(), fc.constantFrom(unknownFamilyToken, linked));
    await fc.assert(
      fc.asyncProperty(requests, async ([path, body, broken, familyToken]) => {
        const init: RequestInit = { method };
        if (body !== undefined) {
          init.headers = { 'Content-Type': 'application/json' };
          init.body = broken ? JSON.stringify(body).slice(0, -1) : JSON.stringify(body);
        }
        if (spec.who === 'family') init.headers = { ...(init.headers as Record<string, string>), Authorization: `Bearer ${familyToken}` };
        const cookie = spec.who === 'admin' || spec.who === 'staff' || spec.who === 'judge' ? cookies[spec.who] : undefined;
        const response = await t.request(path, cookie ? withCookie(cookie, init) : init);
        const text = await response.text();
        expect(response.status, `${method} ${path} ${text.slice(0, 300)}`).toBeLessThan(500);
        expect(text).not.toMatch(/Failed query|params:|\bat .+\.(ts|js):\d+/i);
        if (response.status >= 400 && response.headers.get('content-type')?.includes('json')) expect(isApiErrorBody(JSON.parse(text)), text).toBe(true);
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('known-bad cases from the security probe, with a valid link: a malformed entry id or position is a 404, not a 500', async () => {
    const token = await familyLink();
    for (const path of ['/api/family/entries/x/files/-1/thumbnail', `/api/family/entries/${randomUUID()}/files/-1/thumbnail`, '/api/family/entries/x/files/0/thumbnail']) {
      const response = await t.request(path, { headers: { Authorization: `Bearer ${token}` } });
      expect(response.status, path).toBe(404);
      expect(isApiErrorBody(await response.json())).toBe(true);
    }
  });

  it('a known-bad case from the audit: a NUL in one fee of a batch is that record’s 422, not the batch’s 500', async () => {
    const response = await t.request('/api/venue/fees/batch', withCookie(cookies.staff!, json({ fees: [{ ...fee(), status: 'waived', waiverReason: 'a\u0000b' }] })));
    expect(response.status).toBe(200);
    expect(((await response.json()) as { results: { status: string }[] }).results[0]!.status).toBe('invalid');
  });
});
