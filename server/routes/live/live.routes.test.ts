import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { VENUE_SESSIONS } from '@domain/season';
import { useFamilyHarness } from '../../../tests/setup/family-harness';
import { EXPECTED, liveDancers, PANEL_SCORES, uniform } from '../../../tests/setup/live-session-fixture';
import { childRegistration } from '../../../tests/setup/registration-fixtures';
import { json } from '../../../tests/setup/test-app';
import { testDatabaseKinds } from '../../../tests/setup/test-database';
import { passSecondFactor, signInJudge, signInStaff, withCookie } from '../auth/sign-in-for-tests';

const DANCE = VENUE_SESSIONS.find((s) => s.id === '2027-l1-dance-6-8-velachery')!;
const DANCE_LATER = VENUE_SESSIONS.find((s) => s.id === '2027-l1-dance-9-12-tambaram')!;
const CRAWLING = VENUE_SESSIONS.find((s) => s.categories.includes('crawling'))!;

describe.each(testDatabaseKinds())('judging at the venue on %s', (kind) => {
  const h = useFamilyHarness(kind);

  it('scores a live session blind, keeps the last edit once, declares a step back and a deduction, and publishes once', async () => {
    const children = liveDancers({ first: 'Dancer', surname: 'Kumar', city: 'City', phoneBlock: '100' });
    children[0] = { ...children[0]!, instituteName: 'Natya Kala Academy' };
    const registered = await h.t.request('/api/registrations/batch', json({ registrations: children }));
    expect(registered.status).toBe(200);
    await h.sendMail();
    const staff = await signInStaff(h.t);
    const judges = await Promise.all(
      ['judge-anu', 'judge-bala', 'judge-chitra'].map((username) => signInJudge(h.t, { username, password: 'a judge’s long test password', expertise: 'Classical Dancer' })),
    );
    const conflicted = await signInJudge(h.t, { username: 'judge-deepa', password: 'a judge’s long test password', expertise: 'Western Dancer' });
    await signInJudge(h.t, { username: 'judge-art', password: 'a judge’s long test password', expertise: 'Drawing Artist' });
    await h.t.request('/api/judge/profile', withCookie(conflicted, json({ conflicts: ['Natya Kala ACADEMY'] }, 'PUT')));

    // The admin builds the panel: a drawing teacher does not fit, a declared conflict is refused, a clash is refused.
    const panels = (await (await h.admin('/api/panels')).json()) as { judges: { judgeId: string; username: string }[] };
    const idOf = (username: string) => panels.judges.find((judge) => judge.username === username)!.judgeId;
    const add = (sessionId: string, username: string) => h.admin(`/api/panels/${sessionId}`, json({ judgeId: idOf(username) }));
    for (const username of ['judge-anu', 'judge-bala', 'judge-chitra']) expect((await add(DANCE.id, username)).status).toBe(200);
    const notFitting = await add(DANCE.id, 'judge-art');
    expect(notFitting.status).toBe(409);
    expect(((await notFitting.json()) as { error: { message: string } }).error.message).toMatch(/expertise/);
    // Check-ins first: the conflict is with a child on the roster.
    const checkIns = children.map((child, i) => ({
      id: randomUUID(),
      registrationId: child.id,
      sessionId: DANCE.id,
      deviceId: 'hall-tablet-1',
      checkedInAt: new Date(Date.now() - (20 - i) * 1000).toISOString(),
    }));
    for (const checkIn of checkIns) expect((await h.t.request('/api/venue/check-ins/batch', withCookie(staff, json({ checkIns: [checkIn] })))).status).toBe(200);
    expect((await add(DANCE.id, 'judge-deepa')).status).toBe(409);
    const clash = await add(DANCE_LATER.id, 'judge-anu');
    expect(clash.status).toBe(409);
    expect(((await clash.json()) as { error: { message: string } }).error.message).toMatch(/same time/);

    // Each judge's tablet downloads the running order: numbers only, in check-in order.
    const download = await h.t.request(`/api/judge/live/${DANCE.id}`, withCookie(judges[0]!));
    expect(download.status).toBe(200);
    const body = await download.text();
    const view = JSON.parse(body) as { performers: { number: number }[]; criteria: { id: string }[] };
    expect(view.performers.map((p) => p.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    for (const child of children) {
      for (const secret of [child.name, child.city, child.email, child.phone, child.referenceCode, child.id, 'Natya']) expect(body).not.toContain(String(secret));
    }
    expect((await h.t.request(`/api/judge/live/${DANCE.id}`, withCookie(conflicted))).status).toBe(404);

    // Staff mark performer 3 over time (a newer mark wins; an older one sent later changes nothing).
    const mark = (status: string, overTime: boolean, markedAt: string) => ({
      id: randomUUID(),
      sessionId: DANCE.id,
      deviceId: 'hall-tablet-1',
      registrationId: children[2]!.id,
      status,
      overTime,
      position: null,
      markedAt,
    });
    const marks = await h.t.request('/api/venue/marks/batch', withCookie(staff, json({ marks: [mark('in-order', true, new Date().toISOString()), mark('did-not-perform', false, new Date(Date.now() - 60_000).toISOString())] })));
    expect(((await marks.json()) as { results: { status: string }[] }).results.map((r) => r.status)).toEqual(['saved', 'older']);

    // The sheets, sent twice (a replay) and with an older edit after a newer one.
    const put = (judge: string, number: number, sheet: Record<string, unknown>) => h.t.request(`/api/judge/live/${DANCE.id}/sheets/${number}`, withCookie(judge, json(sheet, 'PUT')));
    for (const [j, scores] of PANEL_SCORES.entries()) {
      for (let number = 1; number <= 12; number++) {
        const score = scores[number - 1];
        const sheet = score === null ? { recused: true, editedAt: new Date().toISOString() } : { scores: uniform(score!), note: '', editedAt: new Date().toISOString() };
        expect((await put(judges[j]!, number, sheet)).status).toBe(200);
      }
    }
    expect((await put(judges[0]!, 1, { scores: uniform(1), editedAt: new Date(Date.now() - 3_600_000).toISOString() })).status).toBe(200);
    const wrong = await put(judges[0]!, 1, { scores: { technique: 11 }, editedAt: new Date().toISOString() });
    expect(wrong.status).toBe(422);

    const status = (await (await h.t.request(`/api/venue/sessions/${DANCE.id}/live`, withCookie(staff))).json()) as {
      progress: { performers: number; fullyScored: number; complete: boolean };
      performers: { number: number; final: number; place: number; award: string; recused: number; deduction: number }[];
      mayPublish: boolean;
    };
    expect(status.progress).toMatchObject({ performers: 12, fullyScored: 12, complete: true });
    for (const performer of status.performers) expect({ number: performer.number, ...EXPECTED[performer.number] }).toEqual({ number: performer.number, final: performer.final, place: performer.place, award: performer.award });
    expect(status.performers.find((p) => p.number === 5)).toMatchObject({ recused: 1 });
    expect(status.performers.find((p) => p.number === 3)).toMatchObject({ deduction: 5 });
    expect(status.mayPublish).toBe(false);

    // The hall screen names nobody before the publish.
    const before = await h.t.request(`/api/live/${DANCE.id}`);
    expect(((await before.json()) as { results: unknown }).results).toBeNull();

    // The head of the venue may publish (staff are refused until made head); once.
    expect((await h.t.request(`/api/venue/sessions/${DANCE.id}/publish`, withCookie(staff, { method: 'POST' }))).status).toBe(403);
    expect((await h.admin(`/api/panels/${DANCE.id}/head`, json({ username: 'venue-staff' }, 'PUT'))).status).toBe(200);
    await passSecondFactor(h.t, staff);
    const published = await h.t.request(`/api/venue/sessions/${DANCE.id}/publish`, withCookie(staff, { method: 'POST' }));
    expect(published.status).toBe(200);
    expect(await published.json()).toMatchObject({ children: 12, emails: 12, certificates: 12 });
    expect((await h.t.request(`/api/venue/sessions/${DANCE.id}/publish`, withCookie(staff, { method: 'POST' }))).status).toBe(409);
    expect((await put(judges[1]!, 4, { scores: uniform(10), editedAt: new Date().toISOString() })).status).toBe(409);

    // The hall screen: places with first name and initial.
    const hall = (await (await h.t.request(`/api/live/${DANCE.id}`)).json()) as { results: { place: number; number: number; name: string }[] };
    expect(hall.results[0]).toMatchObject({ place: 1, number: 9, name: 'DancerI K.' });
    expect(hall.results.map((r) => r.place)).toEqual([1, 2, 3, 3, 5, 6, 7, 8, 9, 10, 11, 12]);

    // One email per family, in its language, with the place.
    const sent = await h.sendMail();
    expect(sent).toBe(12);
    const winner = h.lastMailAbout(children[8]!.referenceCode);
    expect(winner.parsed.text).toContain('88.89 out of 100');
    expect(winner.parsed.text).toContain('First place of 12');
    const tamil = h.lastMailAbout(children[1]!.referenceCode);
    expect(tamil.parsed.text).toContain('மூன்றாம் இடம்');
    const stepped = h.lastMailAbout(children[4]!.referenceCode);
    expect(stepped.parsed.text).toMatch(/one judge knew the performer/);

    // The public results page lists the session.
    const page = await h.t.request(`/results/sessions/${DANCE.id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('88.89');
  });

  it('records heats from two devices: the first record of a heat wins, a false start is kept, one counted heat per baby, places by time', async () => {
    const babies = Array.from({ length: 8 }, (_, i) =>
      childRegistration({ name: `Baby${String.fromCharCode(65 + i)} Raj`, age: 7, categories: ['crawling'], email: `baby${i}@example.org`, phone: `+91 90000 200${String(i).padStart(2, '0')}` }),
    );
    expect((await h.t.request('/api/registrations/batch', json({ registrations: babies }))).status).toBe(200);
    const staff = await signInStaff(h.t);
    const checkIns = babies.map((baby) => ({ id: randomUUID(), registrationId: baby.id, sessionId: CRAWLING.id, deviceId: 'phone-aaaaaaaa', checkedInAt: new Date().toISOString() }));
    expect((await h.t.request('/api/venue/check-ins/batch', withCookie(staff, json({ checkIns })))).status).toBe(200);
    const heat = (deviceId: string, number: number, runners: [number, number | null][], extra: Record<string, unknown> = {}) => ({
      id: randomUUID(),
      sessionId: CRAWLING.id,
      deviceId,
      deviceName: deviceId === 'phone-aaaaaaaa' ? 'Phone A' : 'Phone B',
      heat: number,
      runners: runners.map(([index, timeMs]) => ({ registrationId: babies[index]!.id, timeMs })),
      recordedAt: new Date().toISOString(),
      ...extra,
    });
    const send = async (heats: unknown[]) =>
      ((await (await h.t.request('/api/venue/heats/batch', withCookie(staff, json({ heats })))).json()) as { results: { status: string; first?: { deviceName: string }; error?: { message: string } }[] }).results;
    const first = await send([heat('phone-aaaaaaaa', 1, [[0, 12_340], [1, 15_000], [2, 12_344]])]);
    expect(first[0]!.status).toBe('created');
    const second = await send([heat('phone-bbbbbbbb', 1, [[0, 13_000], [1, 14_000], [2, 11_000]])]);
    expect(second[0]).toMatchObject({ status: 'already_recorded', first: { deviceName: 'Phone A' } });
    const falseStart = await send([heat('phone-bbbbbbbb', 2, [[3, 1_000], [4, 1_000]], { voidReason: 'false-start' })]);
    expect(falseStart[0]!.status).toBe('created');
    const rerun = await send([heat('phone-bbbbbbbb', 2, [[3, 16_000], [4, null], [5, 12_340]], { attempt: 2 })]);
    expect(rerun[0]!.status).toBe('created');
    const twice = await send([heat('phone-aaaaaaaa', 3, [[0, 9_000], [6, 20_000]])]);
    expect(twice[0]).toMatchObject({ status: 'invalid', error: { message: expect.stringMatching(/already ran in heat 1/) } });

    const state = (await (await h.t.request(`/api/venue/sessions/${CRAWLING.id}/live`, withCookie(staff))).json()) as {
      runners: { registrationId: string; place: number | null; award: string }[];
      heats: { heat: number; attempt: number; voidReason: string | null }[];
    };
    expect(state.heats.map((x) => [x.heat, x.attempt, x.voidReason])).toEqual([[1, 1, null], [2, 1, 'false-start'], [2, 2, null]]);
    const placeOf = (index: number) => state.runners.find((r) => r.registrationId === babies[index]!.id)?.place ?? null;
    // 12.34 s twice and 12.344 s are the same hundredth: a shared first place; no place without a time.
    expect([placeOf(0), placeOf(5), placeOf(2), placeOf(1), placeOf(3), placeOf(4)]).toEqual([1, 1, 1, 4, 5, null]);
    expect(state.runners.find((r) => r.registrationId === babies[0]!.id)?.award).toBe('winner');
  });
});
