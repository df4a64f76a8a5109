import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { slotStart, PLACE_RULES } from '@domain/later-levels';
import { VENUE_SESSIONS, type VenueSession } from '@domain/season';
import type { RegistrationInput } from '@domain/registration';
import { useFamilyHarness, type FamilyHarness } from '../../../tests/setup/family-harness';
import { childRegistration } from '../../../tests/setup/registration-fixtures';
import { familyLinkIn, tokenOf } from '../../../tests/setup/smtp-test-server';
import { json } from '../../../tests/setup/test-app';
import { testDatabaseKinds } from '../../../tests/setup/test-database';
import { calendarEventOf, calendarTime } from '../../../tests/setup/calendar-file';
import type { ParsedMail } from 'mailparser';
import { passSecondFactor, signIn, signInJudge, signInStaff, withCookie } from '../auth/sign-in-for-tests';

const LEVEL1_DANCE = VENUE_SESSIONS.find((s) => s.id === '2027-l1-dance-6-8-velachery')!;
const LEVEL1_LATER = VENUE_SESSIONS.find((s) => s.id === '2027-l1-dance-9-12-tambaram')!;
const SEMI_DANCE = VENUE_SESSIONS.find((s) => s.id === '2027-l2-dance-6-8')! as VenueSession & { capacity: number };
const FINAL_DANCE = VENUE_SESSIONS.find((s) => s.id === '2027-l3-dance-6-8')!;
const DAY = 86_400_000;

const calendarOf = (mail: { parsed: Pick<ParsedMail, 'attachments'> }) => calendarEventOf(mail.parsed);
const icsTime = calendarTime;

type Family = { input: RegistrationInput; token: string };

/**
 * A published panel session of `children` checked in in order, judged by three judges so that
 * the i-th child's three uniform scores add up to 30 - i: the i-th is placed i + 1.
 */
async function judgeSession(h: FamilyHarness, session: VenueSession, ids: readonly string[], judges: readonly string[], admin: string, panel = ['judge-anu', 'judge-bala', 'judge-chitra']): Promise<void> {
  const staff = await signInStaff(h.t);
  for (const [i, id] of ids.entries()) {
    const checkIn = { id: randomUUID(), registrationId: id, sessionId: session.id, deviceId: 'hall-tablet-1', checkedInAt: new Date(h.clock.now.getTime() - (100 - i) * 1000).toISOString() };
    expect((await h.t.request('/api/venue/check-ins/batch', withCookie(staff, json({ checkIns: [checkIn] })))).status).toBe(200);
  }
  const panels = (await (await h.t.request('/api/panels', withCookie(admin))).json()) as { judges: { judgeId: string; username: string }[] };
  for (const username of panel) {
    const judgeId = panels.judges.find((judge) => judge.username === username)!.judgeId;
    expect((await h.t.request(`/api/panels/${session.id}`, withCookie(admin, json({ judgeId })))).status).toBe(200);
  }
  const order = (await (await h.t.request(`/api/judge/live/${session.id}`, withCookie(judges[0]!))).json()) as { performers: { number: number }[] };
  expect(order.performers).toHaveLength(ids.length);
  for (const [j, judge] of judges.entries()) {
    for (const [i, performer] of order.performers.entries()) {
      const score = 10 - Math.floor((i + j) / 3);
      const sheet = { scores: { technique: score, expression: score, choreography: score, presence: score }, note: '', recused: false, editedAt: h.clock.now.toISOString() };
      expect((await h.t.request(`/api/judge/live/${session.id}/sheets/${performer.number}`, withCookie(judge, json(sheet, 'PUT')))).status).toBe(200);
    }
  }
  await passSecondFactor(h.t, admin);
  expect((await h.t.request(`/api/venue/sessions/${session.id}/publish`, withCookie(admin, { method: 'POST' }))).status).toBe(200);
}

describe.each(testDatabaseKinds())('places at the later levels on %s', (kind) => {
  const h = useFamilyHarness(kind);

  it('invites the qualifiers with stage slots and calendar files, takes answers, reminds once, lapses at the deadline, offers the places on, moves one, and runs the finale', async () => {
    const families: Family[] = [];
    for (let i = 0; i < 25; i += 1) {
      const input = childRegistration({
        name: `Dancer${String.fromCharCode(65 + i)} Kumar`,
        age: 6 + (i % 3),
        categories: ['dance'],
        email: `dancer${i}@example.org`,
        phone: `+91 90000 200${String(i).padStart(2, '0')}`,
        language: i === 1 ? 'ta' : 'en',
      });
      expect((await h.t.request('/api/registrations', json(input))).status).toBe(201);
      families.push({ input, token: '' });
    }
    await h.sendMail();
    for (const family of families) family.token = tokenOf(familyLinkIn(h.lastMailAbout(family.input.referenceCode)));
    const judges = await Promise.all(
      ['judge-anu', 'judge-bala', 'judge-chitra'].map((username) => signInJudge(h.t, { username, password: 'a judge’s long test password', expertise: 'Classical Dancer' })),
    );
    let admin = await signIn(h.t);
    await judgeSession(h, LEVEL1_DANCE, families.map((f) => f.input.id), judges, admin);
    await h.sendMail();

    // The first five placed (20 % of 25) are invited, in slots 1-5 of the semi-final in their order.
    await passSecondFactor(h.t, admin);
    const invited = await h.t.request('/api/places/level2/invitations', withCookie(admin, { method: 'POST' }));
    expect(invited.status).toBe(200);
    expect(await invited.json()).toMatchObject({ inLine: 25, invited: 5, clashes: 0 });
    // Again changes nothing: nobody is invited twice.
    expect(await (await h.t.request('/api/places/level2/invitations', withCookie(admin, { method: 'POST' }))).json()).toMatchObject({ invited: 0 });
    const before = h.smtp.received.length;
    expect(await h.sendMail()).toBe(5);
    const invitations = h.smtp.received.slice(before);
    expect(invitations).toHaveLength(5);
    const uid = (i: number) => `${families[i]!.input.id}.level2.dance@kids-talent-competition`;
    for (let i = 0; i < 5; i += 1) {
      const mail = h.lastMailAbout(families[i]!.input.referenceCode);
      const event = calendarOf(mail);
      expect(event.UID).toBe(uid(i));
      expect(event.SEQUENCE).toBe('0');
      expect(event.DTSTART).toBe(icsTime(slotStart(SEMI_DANCE, i + 1)));
      expect(mail.parsed.text).toContain(SEMI_DANCE.venue);
      expect(mail.parsed.text).toContain('google.com/maps');
    }
    expect(icsTime(slotStart(SEMI_DANCE, 2))).toBe('20270829T033800Z');
    expect(h.lastMailAbout(families[1]!.input.referenceCode).parsed.subject).toContain('அரையிறுதி');

    // Answers: one accepts (twice is the same answer), one declines and cannot take it back.
    const answer = (i: number, body: Record<string, string>) => h.family(families[i]!.token, '/results/places', json({ levelId: 'level2', category: 'dance', ...body }));
    expect(await (await answer(0, { answer: 'accept' })).json()).toMatchObject({ state: 'accepted', sessionId: SEMI_DANCE.id, slot: 1 });
    expect((await answer(0, { answer: 'accept' })).status).toBe(200);
    expect((await answer(1, { answer: 'decline' })).status).toBe(200);
    const late = await answer(1, { answer: 'accept' });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { error: { message: string } }).error.message).toMatch(/declined/);
    expect((await answer(7, { answer: 'accept' })).status).toBe(409);
    expect((await answer(0, { answer: 'maybe' })).status).toBe(422);
    // The declined place went to the next in line at once, in the freed slot.
    expect(await h.sendMail()).toBe(1);
    expect(calendarOf(h.lastMailAbout(families[5]!.input.referenceCode)).DTSTART).toBe(icsTime(slotStart(SEMI_DANCE, 2)));

    // A move emails the family once, with the same event a step newer.
    const move = (i: number, slot: number) =>
      h.t.request('/api/places/move', withCookie(admin, json({ registrationId: families[i]!.input.id, levelId: 'level2', category: 'dance', sessionId: SEMI_DANCE.id, slot }, 'PUT')));
    expect((await move(0, 10)).status).toBe(200);
    expect((await move(2, 10)).status).toBe(409);
    expect((await move(2, 25)).status).toBe(422);
    expect(await h.sendMail()).toBe(1);
    const moved = calendarOf(h.lastMailAbout(families[0]!.input.referenceCode));
    expect(moved).toMatchObject({ UID: uid(0), SEQUENCE: '1', DTSTART: icsTime(slotStart(SEMI_DANCE, 10)) });
    expect(h.lastMailAbout(families[0]!.input.referenceCode).parsed.subject).toMatch(/New time/);

    // One reminder, from two days before the answer is due; not to those who answered.
    const due = new Date(h.clock.now.getTime() + PLACE_RULES.answerDays * DAY);
    const deadline = () => h.t.request('/api/places/deadline', withCookie(admin, { method: 'POST' }));
    h.clock.now = new Date(due.getTime() - PLACE_RULES.reminderDaysBefore * DAY - 1);
    admin = await signIn(h.t);
    expect(await (await deadline()).json()).toMatchObject({ reminded: 0, lapsed: 0 });
    h.clock.now = new Date(due.getTime() - PLACE_RULES.reminderDaysBefore * DAY);
    expect(await (await deadline()).json()).toMatchObject({ reminded: 4, lapsed: 0 });
    expect(await (await deadline()).json()).toMatchObject({ reminded: 0 });
    expect(await h.sendMail()).toBe(4);
    expect(h.lastMailAbout(families[2]!.input.referenceCode).parsed.subject).toMatch(/Please answer/);
    expect((await answer(3, { answer: 'accept' })).status).toBe(200);

    // At the answer date: the unanswered lapse, an answer comes too late, the next three are invited.
    h.clock.now = due;
    admin = await signIn(h.t);
    expect(await (await deadline()).json()).toMatchObject({ lapsed: 3, invited: 3 });
    const tooLate = await answer(2, { answer: 'accept' });
    expect(tooLate.status).toBe(409);
    expect(((await tooLate.json()) as { error: { message: string } }).error.message).toMatch(/passed/);
    expect(await h.sendMail()).toBe(3);

    // The admin's view: the line with everyone's state, and the audit log with every move.
    const overview = (await (await h.t.request('/api/places/level2', withCookie(admin))).json()) as { pools: { category: string; ageBand: string; places: number; rows: { rank: number; state: string; slot: number | null }[] }[] };
    const pool = overview.pools.find((p) => p.category === 'dance' && p.ageBand === '6-8')!;
    expect(pool.places).toBe(5);
    expect(pool.rows.slice(0, 9).map((row) => row.state)).toEqual(['accepted', 'declined', 'lapsed', 'accepted', 'lapsed', 'lapsed', 'invited', 'invited', 'invited']);
    const held = pool.rows.filter((row) => row.state === 'invited' || row.state === 'accepted');
    expect(held).toHaveLength(5);
    expect(new Set(held.map((row) => row.slot)).size).toBe(5);
    const audit = await h.t.deps.database.rows<{ action: string; actor: string }>(sql`select action, actor from audit_log where action like 'places.%'`);
    const actions = audit.map((entry) => `${entry.action}/${entry.actor}`);
    expect(actions).toEqual(expect.arrayContaining(['places.invite/admin', 'places.accept/family', 'places.decline/family', 'places.move/admin', 'places.lapse/admin', 'places.invite/system']));

    // The family's page says where the child stands.
    const page = (await (await h.family(families[0]!.token, '/results')).json()) as { places: { levelId: string; state: string; slot: number }[]; sessionResults: { place: number }[] };
    expect(page.places).toEqual([expect.objectContaining({ levelId: 'level2', state: 'accepted', slot: 10 })]);
    expect(page.sessionResults).toEqual([expect.objectContaining({ place: 1 })]);

    // The semi-final's roster is who accepted; nobody can walk in.
    const staff = await signInStaff(h.t);
    const roster = (await (await h.t.request(`/api/venue/sessions/${SEMI_DANCE.id}/roster`, withCookie(staff))).json()) as { entries: { registrationId: string }[] };
    expect(roster.entries.map((entry) => entry.registrationId).sort()).toEqual([families[0]!.input.id, families[3]!.input.id].sort());
    const walkIn = childRegistration({ name: 'Walk In', age: 7, categories: ['dance'] });
    const refused = (await (
      await h.t.request('/api/venue/walk-ins/batch', withCookie(staff, json({ walkIns: [{ ...walkIn, sessionId: SEMI_DANCE.id, deviceId: 'hall-tablet-1' }] })))
    ).json()) as { results: { status: string; error?: { message: string } }[] };
    expect(refused.results[0]).toMatchObject({ status: 'invalid' });
    expect(JSON.stringify(refused.results[0])).toMatch(/reached by qualifying/);

    // The semi-final: those who accepted perform in slot order and go through to the finale.
    for (const i of [6, 7, 8]) expect((await answer(i, { answer: 'accept' })).status).toBe(200);
    h.clock.now = new Date('2027-08-29T10:00:00+05:30');
    admin = await signIn(h.t);
    const semiJudges = await Promise.all(
      ['judge-anu', 'judge-bala', 'judge-chitra'].map((username) => signInJudge(h.t, { username, password: 'a judge’s long test password', expertise: 'Classical Dancer' })),
    );
    const semiFinalists = [0, 3, 6, 7, 8].map((i) => families[i]!.input.id);
    await judgeSession(h, SEMI_DANCE, semiFinalists, semiJudges, admin);
    // The semi-final has taken place: its places can no longer be given back, nor given again.
    const after = await answer(0, { answer: 'decline' });
    expect(after.status).toBe(409);
    expect(((await after.json()) as { error: { message: string } }).error.message).toMatch(/already taken place/);
    await passSecondFactor(h.t, admin);
    expect(await (await h.t.request('/api/places/level2/invitations', withCookie(admin, { method: 'POST' }))).json()).toMatchObject({ invited: 0 });
    await passSecondFactor(h.t, admin);
    expect(await (await h.t.request('/api/places/level3/invitations', withCookie(admin, { method: 'POST' }))).json()).toMatchObject({ inLine: 5, invited: 5 });
    await h.sendMail();
    // The semi-final ran in slot order (6, 7, 8, 3, then 0 in slot 10), and the judges placed them
    // in that order: the finale's slots follow the semi-final's places.
    const finalMail = h.lastMailAbout(families[0]!.input.referenceCode);
    expect(finalMail.parsed.subject).toMatch(/grand finale/);
    expect(calendarOf(finalMail).DTSTART).toBe(icsTime(slotStart(FINAL_DANCE, 5)));
    expect(calendarOf(finalMail).UID).not.toBe(uid(0));
    expect(calendarOf(h.lastMailAbout(families[6]!.input.referenceCode)).DTSTART).toBe(icsTime(slotStart(FINAL_DANCE, 1)));
  });

  it('never gives a place twice when answers, the deadline and invitations race', async () => {
    const families: Family[] = [];
    for (let i = 0; i < 10; i += 1) {
      const input = childRegistration({ name: `Racer${String.fromCharCode(65 + i)} Devi`, age: 10, categories: ['dance'], email: `racer${i}@example.org`, phone: `+91 90000 300${String(i).padStart(2, '0')}` });
      expect((await h.t.request('/api/registrations', json(input))).status).toBe(201);
      families.push({ input, token: '' });
    }
    await h.sendMail();
    for (const family of families) family.token = tokenOf(familyLinkIn(h.lastMailAbout(family.input.referenceCode)));
    h.clock.now = new Date('2027-04-20T12:00:00+05:30');
    const judges = await Promise.all(
      ['judge-deepa', 'judge-esha', 'judge-farah'].map((username) => signInJudge(h.t, { username, password: 'a judge’s long test password', expertise: 'Classical Dancer' })),
    );
    let admin = await signIn(h.t);
    await judgeSession(h, LEVEL1_LATER, families.map((f) => f.input.id), judges, admin, ['judge-deepa', 'judge-esha', 'judge-farah']);
    const invite = () => h.t.request('/api/places/level2/invitations', withCookie(admin, { method: 'POST' }));
    const deadline = () => h.t.request('/api/places/deadline', withCookie(admin, { method: 'POST' }));
    const answer = (i: number, value: string) => h.family(families[i]!.token, '/results/places', json({ levelId: 'level2', category: 'dance', answer: value }));
    const check = async () => {
      const overview = (await (await h.t.request('/api/places/level2', withCookie(admin))).json()) as {
        pools: { category: string; ageBand: string; places: number; rows: { registrationId: string; state: string; sessionId: string | null; slot: number | null }[] }[];
      };
      const pool = overview.pools.find((p) => p.category === 'dance' && p.ageBand === '9-12')!;
      const holding = pool.rows.filter((row) => row.state === 'invited' || row.state === 'accepted');
      expect(holding.length).toBeLessThanOrEqual(pool.places);
      expect(new Set(holding.map((row) => `${row.sessionId}#${row.slot}`)).size).toBe(holding.length);
      expect(new Set(pool.rows.map((row) => row.registrationId)).size).toBe(pool.rows.length);
      return pool;
    };
    // Two admins send the invitations at once: two places, two invitations.
    await passSecondFactor(h.t, admin);
    const sent = await Promise.all([invite(), invite()]);
    expect(sent.map((r) => r.status)).toEqual([200, 200]);
    expect((await check()).rows.filter((row) => row.state === 'invited')).toHaveLength(2);
    // Both invited families accept and decline at once, while the deadline step and the invitations run.
    const raced = await Promise.all([answer(0, 'accept'), answer(0, 'decline'), answer(1, 'decline'), answer(1, 'accept'), deadline(), invite(), deadline()]);
    for (const response of raced) expect([200, 409]).toContain(response.status);
    const pool = await check();
    expect(pool.rows.filter((row) => row.state === 'invited' || row.state === 'accepted')).toHaveLength(2);
    // At the answer date, three deadline steps at once lapse each open invitation once.
    h.clock.now = new Date(h.clock.now.getTime() + PLACE_RULES.answerDays * DAY + DAY);
    admin = await signIn(h.t);
    const steps = await Promise.all([deadline(), deadline(), deadline()]);
    expect(steps.map((r) => r.status)).toEqual([200, 200, 200]);
    const open = pool.rows.filter((row) => row.state === 'invited').map((row) => row.registrationId);
    const final = await check();
    for (const id of open) expect(final.rows.find((row) => row.registrationId === id)?.state).toBe('lapsed');
    const lapses = await h.t.deps.database.rows<{ id: string; count: number }>(
      sql`select entity_id as id, count(*)::int as count from audit_log where action = 'places.lapse' and entity_id = any(${sql.param(open)}::text[]) group by entity_id`,
    );
    expect(lapses.map((row) => Number(row.count))).toEqual(open.map(() => 1));
    const invitedTwice = final.rows.filter((row) => row.state !== 'waiting');
    expect(new Set(invitedTwice.map((row) => row.registrationId)).size).toBe(invitedTwice.length);
  });
});
