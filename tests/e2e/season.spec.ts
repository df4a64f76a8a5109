import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, request as playwrightRequest, type APIRequestContext, type Browser } from '@playwright/test';
import { generate } from 'otplib';
import { rubricFor } from '@domain/judging';
import { slotStart } from '@domain/later-levels';
import { VENUE_SESSIONS, type VenueSession } from '@domain/season';
import type { ReceivedMail } from '../setup/smtp-test-server';
import { calendarEventOf, calendarTime } from '../setup/calendar-file';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../setup/chromium';
import { childRegistration } from '../setup/registration-fixtures';
import { TEST_TOTP_SECRET } from '../setup/second-factor-codes';
import { moveServerClock } from '../setup/server-process';
import { runCli } from '../faults/support/cli';
import { ADMIN, expect, screenshotBothWidths, signInAdminPage, signInAdminRequest, testWithMail } from './fixtures';

/**
 * The whole season (issue 46): Level 1 published at two in-person sessions (dance and singing,
 * 100 children each, 40 qualifiers), the semi-final invitations with their calendar files, three
 * families declining on their pages and two never answering, the waiting list after the deadline,
 * a session change that updates the same calendar event, the semi-final day's roster, check-in
 * and live results sending 10 finalists to the grand finale, the finale's titles on the
 * certificates, and the family's path on its page in English and in Tamil at each step.
 */

const test = testWithMail({ TEST_CLOCK: 'on', PUBLIC_WRITE_LIMIT_FACTOR: '0' });
const session = (id: string) => VENUE_SESSIONS.find((s) => s.id === id)!;
const L1 = { dance: session('2027-l1-dance-6-8-velachery'), singing: session('2027-l1-singing-6-8-t-nagar') };
const L2 = { dance: session('2027-l2-dance-6-8'), singing: session('2027-l2-singing-6-8') };
const L3 = { dance: session('2027-l3-dance-6-8'), singing: session('2027-l3-singing-6-8') };
const CONTESTS = ['dance', 'singing'] as const;
type Contest = (typeof CONTESTS)[number];
const PASSWORD = 'a long judge password for the season';
const HEAD = { username: 'season-head', password: 'the head of the venue 2027' };
const JUDGES: Record<Contest, { username: string; expertise: string }[]> = {
  dance: ['nata-1', 'nata-2', 'nata-3'].map((username) => ({ username, expertise: 'Classical Dancer' })),
  singing: ['gana-1', 'gana-2', 'gana-3'].map((username) => ({ username, expertise: 'Classical Singer' })),
};
const headers = (baseURL: string) => ({ Origin: new URL(baseURL).origin, 'X-Requested-With': 'fetch' });

let browser: Browser;
test.beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
});
test.afterAll(async () => {
  await browser.close();
});

type Child = { id: string; referenceCode: string; name: string; contest: Contest; language: 'en' | 'ta'; token?: string };

async function api(baseURL: string, account?: { username: string; password: string }): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: headers(baseURL) });
  if (account) expect((await context.post('/api/auth/login', { data: { ...account, remember: false } })).status()).toBe(200);
  return context;
}

/** Checks children in one at a time (running numbers follow the order check-ins reach the server), so the numbers follow the list. */
async function checkIn(staff: APIRequestContext, venue: VenueSession, children: readonly Child[]): Promise<void> {
  const start = Date.now() - children.length * 1000;
  for (const [i, child] of children.entries()) {
    const checkIns = [{ id: crypto.randomUUID(), registrationId: child.id, sessionId: venue.id, deviceId: 'season-desk-1', checkedInAt: new Date(start + i * 1000).toISOString() }];
    expect((await staff.post('/api/venue/check-ins/batch', { data: { checkIns } })).status()).toBe(200);
  }
}

/**
 * The panel scores the session's running order: the i-th performer's three uniform sheets add up
 * to 30 - i (down to the lowest score), so the running order is the ranking.
 */
async function judge(judges: readonly APIRequestContext[], venue: VenueSession): Promise<void> {
  const order = (await (await judges[0]!.get(`/api/judge/live/${venue.id}`)).json()) as { performers: { number: number }[] };
  const rubric = rubricFor(venue.categories[0]!);
  const criteria = rubric.kind === 'scores' ? rubric.criteria.map((criterion) => criterion.id) : [];
  for (const [j, judgeApi] of judges.entries()) {
    for (const [i, performer] of order.performers.entries()) {
      const score = Math.max(1, 10 - Math.floor((i + j) / 3));
      const sheet = { scores: Object.fromEntries(criteria.map((id) => [id, score])), note: '', recused: false, editedAt: new Date().toISOString() };
      expect((await judgeApi.put(`/api/judge/live/${venue.id}/sheets/${performer.number}`, { data: sheet })).status()).toBe(200);
    }
  }
}

async function publish(admin: APIRequestContext, venue: VenueSession): Promise<void> {
  const response = await admin.post(`/api/venue/sessions/${venue.id}/publish`);
  expect(response.status(), await response.text()).toBe(200);
}

/** The newest email about a reference code whose subject matches. */
function mailAbout(received: readonly ReceivedMail[], code: string, subject: RegExp): ReceivedMail | undefined {
  return received.filter((mail) => mail.parsed.subject?.includes(code) && subject.test(mail.parsed.subject)).at(-1);
}

const tokenIn = (mail: ReceivedMail) => /\/my\/([A-Za-z0-9_-]{43})/.exec(mail.parsed.text ?? '')![1]!;

test('the season from Level 1 to the grand finale: invitations, answers, the waiting list, the semi-final day and the finale’s titles', async ({ world, baseURL }) => {
  test.setTimeout(600_000);
  const base = baseURL!;
  const { smtp, server } = world;

  // --- Level 1: 100 dancers and 100 singers, judged at two in-person sessions ---
  const children: Child[] = [];
  for (const contest of CONTESTS) {
    const batch = Array.from({ length: 100 }, (_, i) =>
      childRegistration({
        name: `${contest === 'dance' ? 'Nritya' : 'Gaana'}${i} ${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`,
        age: 6 + (i % 3),
        categories: [contest],
        city: 'Chennai',
        email: `${contest}${i}@example.org`,
        phone: `+91 9${contest === 'dance' ? '1' : '2'}000 ${String(10000 + i)}`,
        // The best dancer's family reads the site in Tamil.
        language: contest === 'dance' && i === 0 ? 'ta' : 'en',
      }),
    );
    const registering = await api(base);
    for (let i = 0; i < batch.length; i += 50) expect((await registering.post('/api/registrations/batch', { data: { registrations: batch.slice(i, i + 50) } })).status()).toBe(200);
    children.push(...batch.map((input) => ({ id: input.id, referenceCode: input.referenceCode, name: input.name!, contest, language: input.language as 'en' | 'ta' })));
  }
  const dataDir = server.dataDir;
  for (const account of [{ ...HEAD, role: 'staff' as const }, ...[...JUDGES.dance, ...JUDGES.singing].map((j) => ({ ...j, password: PASSWORD, role: 'judge' as const }))]) {
    const run = await runCli('admin', ['create', account.username, '--role', account.role, ...('expertise' in account ? ['--expertise', account.expertise] : [])], { DATA_DIR: dataDir }, `${account.password}\n`);
    expect(run.code, run.stderr).toBe(0);
  }
  let admin = await api(base);
  await signInAdminRequest(admin, new URL(base).origin);
  const panels = (await (await admin.get('/api/panels')).json()) as { judges: { judgeId: string; username: string }[] };
  for (const contest of CONTESTS) {
    for (const venue of [L1[contest], L2[contest], L3[contest]]) {
      for (const j of JUDGES[contest]) {
        const judgeId = panels.judges.find((row) => row.username === j.username)!.judgeId;
        expect((await admin.post(`/api/panels/${venue.id}`, { data: { judgeId } })).status()).toBe(200);
      }
    }
  }
  let staff = await api(base, HEAD);
  // One sign-in at a time: password hashing is deliberately slow, and the server sheds a crowd of them.
  const judges: Record<Contest, APIRequestContext[]> = { dance: [], singing: [] };
  const signInJudges = async () => {
    for (const contest of CONTESTS) judges[contest] = [];
    for (const contest of CONTESTS) for (const j of JUDGES[contest]) judges[contest].push(await api(base, { username: j.username, password: PASSWORD }));
  };
  await signInJudges();
  for (const contest of CONTESTS) {
    const mine = children.filter((child) => child.contest === contest);
    await checkIn(staff, L1[contest], mine);
    await judge(judges[contest], L1[contest]);
    await publish(admin, L1[contest]);
  }
  const byRank = (contest: Contest, rank: number) => children.filter((child) => child.contest === contest)[rank - 1]!;

  // --- The semi-final invitations, from the admins' page ---
  const adminPage = await browser.newPage({ baseURL: base, viewport: { width: 1280, height: 900 } });
  await signInAdminPage(adminPage);
  await adminPage.goto('/admin/places');
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Semi-finals and grand finale' })).toBeVisible();
  await adminPage.getByRole('button', { name: 'Send the semi-finals invitations' }).click();
  await expect(adminPage.getByRole('status')).toContainText('40 invitations sent');
  await screenshotBothWidths(adminPage, 'season-admin-places');

  const invitation = /invitation to the semi-finals|அரையிறுதிக்கு அழைப்பு/;
  await expect.poll(() => smtp.received.filter((mail) => invitation.test(mail.parsed.subject ?? '')).length, { timeout: 120_000 }).toBe(40);
  for (const contest of CONTESTS) {
    for (let rank = 1; rank <= 20; rank += 1) {
      const child = byRank(contest, rank);
      const mail = mailAbout(smtp.received, child.referenceCode, invitation)!;
      const event = calendarEventOf(mail.parsed);
      expect(event.UID).toBe(`${child.id}.level2.${contest}@kids-talent-competition`);
      expect(event.SEQUENCE).toBe('0');
      // The slots follow the ranking: the running order of the semi-final.
      expect(event.DTSTART).toBe(calendarTime(slotStart(L2[contest], rank)));
      child.token = tokenIn(mail);
    }
  }
  // Nobody below the line was invited.
  expect(mailAbout(smtp.received, byRank('dance', 21).referenceCode, invitation)).toBeUndefined();

  // --- Answers on the families' pages: the Tamil family accepts, three decline ---
  const tamil = byRank('dance', 1);
  const tamilPage = await browser.newPage({ baseURL: base, viewport: { width: 390, height: 844 } });
  await tamilPage.goto(`/ta/my/${tamil.token}`);
  const tamilPath = tamilPage.getByRole('region', { name: 'சீசனில் உங்கள் குழந்தையின் பயணம்' });
  await expect(tamilPath).toContainText('அரையிறுதி அழைப்பு');
  await expect(tamilPath).toContainText('மேடை நேரம்');
  await screenshotBothWidths(tamilPage, 'season-family-invited-ta');
  await tamilPath.getByRole('button', { name: 'இடத்தை ஏற்கிறேன்' }).click();
  await expect(tamilPath).toContainText('ஏற்றுக்கொண்டீர்கள்');

  const decliners = [byRank('dance', 3), byRank('dance', 7), byRank('singing', 12)];
  for (const child of decliners) {
    const page = await browser.newPage({ baseURL: base, viewport: { width: 390, height: 844 } });
    await page.goto(`/my/${child.token}`);
    const path = page.getByRole('region', { name: 'Your child’s path through the season' });
    await path.getByRole('button', { name: 'Decline' }).click();
    await path.getByRole('button', { name: 'Yes, decline the place' }).click();
    await expect(path).toContainText('declined: the place went to the next child in line');
    if (child === decliners[0]) await screenshotBothWidths(page, 'season-family-declined-en');
    await page.close();
  }
  // Each declined place went to the next in line at once.
  await expect.poll(() => smtp.received.filter((mail) => invitation.test(mail.parsed.subject ?? '')).length, { timeout: 60_000 }).toBe(43);
  const nextInLine = [byRank('dance', 21), byRank('dance', 22), byRank('singing', 21)];
  for (const child of nextInLine) child.token = tokenIn(mailAbout(smtp.received, child.referenceCode, invitation)!);
  expect(calendarEventOf(mailAbout(smtp.received, byRank('dance', 21).referenceCode, invitation)!.parsed).DTSTART).toBe(calendarTime(slotStart(L2.dance, 3)));

  // Everyone else accepts but two, who never answer.
  const silent = [byRank('dance', 5), byRank('singing', 9)];
  const anonymous = await api(base);
  const answer = (child: Child, levelId: 'level2' | 'level3', value: 'accept' | 'decline') =>
    anonymous.post('/api/family/results/places', { headers: { Authorization: `Bearer ${child.token}` }, data: { levelId, category: child.contest, answer: value } });
  for (const contest of CONTESTS) {
    for (let rank = 1; rank <= 22; rank += 1) {
      const child = byRank(contest, rank);
      if (!child.token || child === tamil || decliners.includes(child) || silent.includes(child)) continue;
      expect((await answer(child, 'level2', 'accept')).status()).toBe(200);
    }
  }

  // --- The deadline: the two silent places go on to the next in line ---
  const serverNow = await moveServerClock(server, 7 * 86_400_000 + 60_000);
  await adminPage.goto('/admin/places');
  // A week on, the admin's session has run out: the page sends them to sign in again.
  const deadlineButton = adminPage.getByRole('button', { name: 'Run the deadline step now' });
  await expect(adminPage.getByLabel('Username').or(deadlineButton)).toBeVisible();
  if (await adminPage.getByLabel('Username').isVisible()) {
    await adminPage.getByLabel('Username').fill(ADMIN.username);
    await adminPage.getByLabel('Password').fill(ADMIN.password);
    await adminPage.getByRole('button', { name: /sign in/i }).click();
    await adminPage.waitForURL(/\/admin\/second-factor/);
    await adminPage.getByLabel('Code from your authenticator app').fill(await generate({ secret: TEST_TOTP_SECRET, epoch: Math.floor(serverNow.getTime() / 1000) }));
    await adminPage.getByRole('button', { name: 'Confirm' }).click();
    await adminPage.waitForURL(/\/admin(\/places)?$/);
    await adminPage.goto('/admin/places');
  }
  await deadlineButton.click();
  await expect(adminPage.getByRole('status')).toContainText('Deadline step');
  await expect.poll(() => smtp.received.filter((mail) => invitation.test(mail.parsed.subject ?? '')).length, { timeout: 60_000 }).toBe(45);
  // The season goes on a week later (the server's clock stays moved): every session signed in
  // before the jump has run out, so staff, judges and the admin sign in again (the admin with the
  // code a phone set to the server's time shows, one step after the page's).
  staff = await api(base, HEAD);
  await signInJudges();
  admin = await api(base);
  expect((await admin.post('/api/auth/login', { data: { username: ADMIN.username, password: ADMIN.password, remember: false } })).status()).toBe(200);
  const code = await generate({ secret: TEST_TOTP_SECRET, epoch: Math.floor(serverNow.getTime() / 1000) + 30 });
  expect((await admin.post('/api/auth/second-factor/verify', { data: { method: 'totp', code } })).status()).toBe(200);
  const late = [byRank('dance', 23), byRank('singing', 22)];
  for (const child of late) child.token = tokenIn(mailAbout(smtp.received, child.referenceCode, invitation)!);
  // One of the two accepts on the page; the silent ones are told the place went on.
  const latePage = await browser.newPage({ baseURL: base, viewport: { width: 390, height: 844 } });
  await latePage.goto(`/my/${late[0]!.token}`);
  await latePage.getByRole('region', { name: 'Your child’s path through the season' }).getByRole('button', { name: 'Accept the place' }).click();
  await expect(latePage.getByRole('region', { name: 'Your child’s path through the season' })).toContainText('accepted');
  const silentPage = await browser.newPage({ baseURL: base, viewport: { width: 390, height: 844 } });
  await silentPage.goto(`/my/${silent[0]!.token}`);
  await expect(silentPage.getByRole('region', { name: 'Your child’s path through the season' })).toContainText('not answered in time');
  await silentPage.close();

  // --- A session change: one email, the same calendar event one step newer ---
  const moved = byRank('dance', 2);
  const movedRow = adminPage.getByRole('row', { name: new RegExp(moved.referenceCode) });
  await movedRow.getByLabel(/New slot for/).fill('24');
  await movedRow.getByRole('button', { name: 'Move' }).click();
  await expect(adminPage.getByRole('status')).toContainText('moved');
  const newTime = /New time for your place/;
  await expect.poll(() => mailAbout(smtp.received, moved.referenceCode, newTime), { timeout: 60_000 }).toBeTruthy();
  const changed = calendarEventOf(mailAbout(smtp.received, moved.referenceCode, newTime)!.parsed);
  expect(changed).toMatchObject({ UID: `${moved.id}.level2.dance@kids-talent-competition`, SEQUENCE: '1', DTSTART: calendarTime(slotStart(L2.dance, 24)) });
  expect(smtp.received.filter((mail) => mail.parsed.subject?.includes(moved.referenceCode) && newTime.test(mail.parsed.subject ?? ''))).toHaveLength(1);

  // --- The semi-final day: the roster is who accepted, no walk-ins; check-in and live results ---
  const venue = await browser.newPage({ baseURL: base, viewport: { width: 390, height: 844 } });
  await venue.goto('/venue');
  await venue.getByLabel('Username').fill(HEAD.username);
  await venue.getByLabel('Password').fill(HEAD.password);
  await venue.getByRole('button', { name: 'Sign In' }).click();
  await venue.getByLabel('This device’s name').fill('Semi-final desk');
  await venue.getByRole('button', { name: 'Name this device' }).click();
  const change = venue.getByRole('button', { name: 'Change session' });
  if (await change.isVisible()) await change.click();
  await venue.getByRole('button', { name: /Dance \(6-8 years\), Semi-final/ }).click();
  await venue.getByRole('button', { name: 'Download roster' }).click();
  const accepted = (contest: Contest) =>
    children.filter((child) => child.contest === contest && child.token && !decliners.includes(child) && !silent.includes(child) && child !== late[1]);
  await expect(venue.getByText(`${accepted('dance').length} children on this device`)).toBeVisible({ timeout: 30_000 });
  await expect(venue.getByText('No walk-ins here')).toBeVisible();
  await expect(venue.getByRole('link', { name: 'Register a walk-in' })).toHaveCount(0);
  await screenshotBothWidths(venue, 'season-venue-semi-final');

  const semiFinalists: Record<Contest, Child[]> = { dance: [], singing: [] };
  // Performers come on in their slots' order (each family's latest email says its slot).
  const semiSlot = (child: Child) =>
    calendarEventOf(mailAbout(smtp.received, child.referenceCode, /invitation to the semi-finals|அரையிறுதிக்கு அழைப்பு|New time for your place/)!.parsed).DTSTART!;
  for (const contest of CONTESTS) {
    const list = accepted(contest).sort((a, b) => semiSlot(a).localeCompare(semiSlot(b)));
    expect(list).toHaveLength(contest === 'dance' ? 20 : 19);
    await checkIn(staff, L2[contest], list);
    await judge(judges[contest], L2[contest]);
    await publish(admin, L2[contest]);
    semiFinalists[contest] = list;
  }
  await tamilPage.reload();
  await expect(tamilPath).toContainText('அரையிறுதி முடிவு');

  // --- The grand finale's invitations: 10 finalists, the same way ---
  await adminPage.getByRole('button', { name: 'Grand finale' }).click();
  await adminPage.getByRole('button', { name: 'Send the grand finale invitations' }).click();
  await expect(adminPage.getByRole('status')).toContainText('10 invitations sent');
  const finaleInvitation = /invitation to the grand finale|இறுதிப் போட்டிக்கு அழைப்பு/;
  await expect.poll(() => smtp.received.filter((mail) => finaleInvitation.test(mail.parsed.subject ?? '')).length, { timeout: 60_000 }).toBe(10);
  const finalists = smtp.received.filter((mail) => finaleInvitation.test(mail.parsed.subject ?? ''));
  for (const mail of finalists) {
    const event = calendarEventOf(mail.parsed);
    expect(event.UID).toMatch(/\.level3\.(dance|singing)@kids-talent-competition$/);
    const token = tokenIn(mail);
    const child = children.find((c) => mail.parsed.subject?.includes(c.referenceCode))!;
    expect(event.DTSTART).toBe(calendarTime(slotStart(L3[child.contest], semiFinalists[child.contest].indexOf(child) + 1)));
    child.token = token;
    if (child !== tamil) expect((await answer(child, 'level3', 'accept')).status()).toBe(200);
  }
  await tamilPage.goto(`/ta/my/${tamil.token}`);
  await expect(tamilPath).toContainText('இறுதிப் போட்டி அழைப்பு');
  await tamilPath.getByRole('button', { name: 'இடத்தை ஏற்கிறேன்' }).click();
  await expect(tamilPath.getByText('ஏற்றுக்கொண்டீர்கள்')).toHaveCount(2);

  // --- The grand finale: titles on the certificates ---
  for (const contest of CONTESTS) {
    const list = semiFinalists[contest].slice(0, 5);
    await checkIn(staff, L3[contest], list);
    await judge(judges[contest], L3[contest]);
    await publish(admin, L3[contest]);
  }
  await tamilPage.reload();
  await expect(tamilPath).toContainText('இறுதிப் போட்டி முடிவு · சாம்பியன்');
  await screenshotBothWidths(tamilPage, 'season-family-champion-ta');
  const champion = semiFinalists.singing[0]!;
  const championPage = await browser.newPage({ baseURL: base, viewport: { width: 1280, height: 900 } });
  await championPage.goto(`/my/${champion.token}`);
  const path = championPage.getByRole('region', { name: 'Your child’s path through the season' });
  for (const step of ['Registered', 'Level 1 result', 'Semi-final invitation', 'Semi-final result', 'Grand finale invitation', 'Grand finale result · Champion']) await expect(path).toContainText(step);
  await screenshotBothWidths(championPage, 'season-family-champion-en');

  // The champion's certificate says so (the PDF, as printed).
  const familyApi = await api(base);
  let certificates: { id: string; levelId: string; ready: boolean; revokedAt: string | null }[] = [];
  await expect
    .poll(
      async () => {
        certificates = ((await (await familyApi.get('/api/family/results', { headers: { Authorization: `Bearer ${champion.token}` } })).json()) as { certificates: typeof certificates }).certificates;
        return certificates.some((c) => c.levelId === 'level3' && c.ready && !c.revokedAt);
      },
      { timeout: 120_000 },
    )
    .toBe(true);
  const finale = certificates.find((c) => c.levelId === 'level3' && !c.revokedAt)!;
  const pdf = await familyApi.get(`/api/family/certificates/${finale.id}/pdf`, { headers: { Authorization: `Bearer ${champion.token}` } });
  expect(pdf.status()).toBe(200);
  const dir = mkdtempSync(join(tmpdir(), 'season-'));
  writeFileSync(join(dir, 'champion.pdf'), await pdf.body());
  expect(execFileSync('pdftotext', [join(dir, 'champion.pdf'), '-'], { encoding: 'utf8' })).toContain('Champion');
  await expect(path).toContainText('Grand finale certificate: Champion');
  // The overview's funnel: 200 registered, 40 qualified, 39 accepted the semi-finals, 10 went on.
  await adminPage.goto('/admin');
  const funnel = adminPage.getByRole('region', { name: 'The season’s funnel, contest by contest' });
  await expect(funnel.getByRole('row', { name: /^Dance Challenge 100 100 20 20 20 5 5 5$/ })).toBeVisible();
  await expect(funnel.getByRole('row', { name: /^Singing Contest 100 100 20 19 19 5 5 5$/ })).toBeVisible();
  await funnel.scrollIntoViewIfNeeded();
  await screenshotBothWidths(adminPage, 'season-overview-funnel');
});
