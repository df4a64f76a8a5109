import type { Page } from '@playwright/test';
import { expect, signInAdminPage, testWithMail } from './fixtures';
import { axeProblems } from './outbox-helpers';
import { approvedJudgeApplication, artwork, inviteTokenFor, registerFamily, sameOrigin, sendPhotoEntry, untilReady, type Family } from './judging-helpers';

/**
 * Issue 24: a round judged from start to end. An admin invites four judges from their
 * applications; three score 30 entries on a phone, a desktop and a tablet (one offline,
 * sending later; one stepping back from an entry, which goes to the fourth); the admin closes the round, reads how
 * each score was reached, and publishes. The results equal a hand-computed fixture, every family
 * gets exactly one email in its language, and no judge ever sees who a child is.
 */
const test = testWithMail();

const PASSWORD = 'judging is careful work';
const CITIES = ['Tambaram', 'Velachery', 'Adyar', 'Porur', 'Avadi', 'Guindy', 'Mylapore', 'Perambur', 'Kodambakkam', 'Ambattur'];
const INSTITUTES = ['Little Stars Academy', 'Sunrise Art School', 'Colour Tree Studio', null];

/** The scores each judge gives (the same rule as the fixture's own computation, below). */
const clamp = (value: number) => Math.max(1, Math.min(10, value));
const base = (n: number) => ((n * 7) % 10) + 1;
const OFFSET = { A: 0, B: 1, C: -2 } as const;
function sheet(judge: keyof typeof OFFSET, n: number): Record<'idea' | 'skill' | 'colour' | 'finish', number> {
  const b = clamp(base(n) + OFFSET[judge]);
  return { idea: b, skill: clamp(b - 1), colour: b, finish: clamp(n % 3 ? b + 1 : b - 3) };
}
const D_SHEET = { idea: 9, skill: 8, colour: 9, finish: 7 };
/** Judge B knows the child of entry 5; judge D scores it instead. */
const RECUSED = 5;

/**
 * Entry number -> [final score, place in its pool, goes through], computed by hand from the
 * sheets above with ADR 027's rules (an independent script, not the app's code): weighted
 * scores, z-scores for judges with at least 8 sheets put back on the contest's scale, judge D's
 * single sheet raw, the mean on 0-100 to 2 decimals; entries 1-15 are aged 7 (pool 6-8), 16-30
 * aged 10 (pool 9-12); the top 20 % of 15 (3 places) go through; ties share a place.
 */
const EXPECTED: Record<number, [number, number, boolean]> = {
  1: [74.04, 4, false], 2: [37.91, 9, false], 3: [5.15, 14, false], 4: [85.66, 2, true], 5: [59.95, 7, false],
  6: [11.88, 12, false], 7: [93.37, 1, true], 8: [62.0, 6, false], 9: [21.51, 11, false], 10: [3.58, 15, false],
  11: [74.04, 4, false], 12: [33.06, 10, false], 13: [7.76, 13, false], 14: [85.66, 2, true], 15: [44.6, 8, false],
  16: [15.32, 11, false], 17: [93.37, 1, true], 18: [56.65, 6, false], 19: [25.87, 9, false], 20: [3.58, 14, false],
  21: [68.69, 4, false], 22: [37.91, 8, false], 23: [7.76, 13, false], 24: [80.73, 3, true], 25: [49.96, 7, false],
  26: [15.32, 11, false], 27: [88.96, 2, true], 28: [62.0, 5, false], 29: [25.87, 9, false], 30: [3.08, 15, false],
};

/** Scores the open entry with the keyboard (1-9, 0 for 10), then "Save and next". */
async function scoreWithKeys(page: Page, number: number, scores: Record<string, number>) {
  await expect(page.getByRole('heading', { name: `Entry ${number}`, exact: true })).toBeVisible();
  await page.locator('.score-criterion').first().locator('input').first().focus();
  for (const value of [scores.idea!, scores.skill!, scores.colour!, scores.finish!]) await page.keyboard.press(value === 10 ? '0' : String(value));
  await expect(page.locator('.score-criterion').nth(3).locator('input:checked')).toHaveValue(String(scores.finish));
  await page.getByRole('button', { name: 'Save and next' }).click();
  await expect(page.getByText(`Entry ${number} saved.`, { exact: false })).toBeVisible();
}

async function signInJudge(page: Page, username: string) {
  await page.goto('/judge');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Everything a judge's browser was sent by the API, to check it for the children's details. */
function recordJudgeAnswers(page: Page, into: string[]) {
  page.on('response', async (response) => {
    if (!response.url().includes('/api/judge/') || !(response.headers()['content-type'] ?? '').includes('json')) return;
    into.push(await response.text().catch(() => ''));
  });
}

test('an admin invites judges, three score 30 entries blind (one offline, one stepping back), and the published results match the fixture', async ({ world, browser, request, baseURL }) => {
  test.setTimeout(420_000);
  const { smtp } = world;
  const origin = baseURL!;

  // 30 children in the drawing contest, each with a checked photo entry (entry n is child n-1).
  const families: Family[] = [];
  for (let i = 0; i < 30; i++) {
    const family = await registerFamily(request, smtp, {
      name: `${['Aarav', 'Diya', 'Kavin', 'Meera', 'Nila', 'Rohan'][i % 6]} ${['Subramanian', 'Krishnan', 'Raghavan', 'Balaji', 'Venkatesh'][i % 5]} ${i}`,
      city: CITIES[i % CITIES.length]!,
      institute: INSTITUTES[i % INSTITUTES.length] ?? null,
      email: `family${i}@example.org`,
      phone: `+91 98400 ${String(10000 + i)}`,
      language: i % 4 === 1 ? 'ta' : 'en',
      age: i < 15 ? 7 : 10,
      category: 'drawing',
    });
    await sendPhotoEntry(request, family.token, 'drawing', await artwork(i + 1));
    families.push(family);
  }
  for (const family of families) await untilReady(request, family.token, 'drawing');

  // Four approved applications; the admin invites each from the applications page.
  const judges = [
    { key: 'A', name: 'Anitha Ramesh', email: 'anitha@example.org', expertise: 'Drawing Artist' },
    { key: 'B', name: 'Bala Murugan', email: 'bala@example.org', expertise: 'Drawing Artist' },
    { key: 'C', name: 'Chitra Sekar', email: 'chitra@example.org', expertise: 'Storyboard Artist' },
    { key: 'D', name: 'Deepa Natarajan', email: 'deepa@example.org', expertise: 'Drawing Artist' },
  ] as const;
  for (const judge of judges) await approvedJudgeApplication(request, origin, judge);

  const adminContext = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await signInAdminPage(admin);
  await admin.goto('/admin/judges');
  for (const judge of judges) {
    const row = admin.getByRole('row').filter({ hasText: judge.email });
    await row.getByRole('button', { name: 'Invite as judge' }).click();
    await expect(row.getByText(`Invitation queued for ${judge.email}.`)).toBeVisible();
  }
  for (const judge of judges) await expect.poll(() => inviteTokenFor(smtp, judge.email), { timeout: 30_000 }).not.toBeNull();

  // A sets a password from the emailed link on a phone; B and C from theirs too; D only after the round opened.
  const phone = await browser.newContext({ baseURL: origin, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const a = await phone.newPage();
  await a.goto(`/judge/welcome#${inviteTokenFor(smtp, 'anitha@example.org')}`);
  await a.getByLabel('New password').fill(PASSWORD);
  await a.getByLabel('The same password again').fill(PASSWORD);
  await a.getByRole('button', { name: 'Set password' }).click();
  await expect(a.getByText('Your password is set. Sign in with the username anitha@example.org.')).toBeVisible();
  const setPassword = async (email: string) =>
    expect((await request.post('/api/auth/invite', { headers: sameOrigin(origin), data: { token: inviteTokenFor(smtp, email), password: PASSWORD } })).status()).toBe(200);
  await setPassword('bala@example.org');
  await setPassword('chitra@example.org');

  await admin.goto('/admin/judging');
  await admin.getByRole('button', { name: 'Open Level 1 judging' }).click();
  await expect(admin.getByText('Round opened: 30 entries assigned.')).toBeVisible();
  await setPassword('deepa@example.org');

  const answers: string[] = [];
  recordJudgeAnswers(a, answers);

  // A keeps the photos on the phone, loses the connection, and scores all 30 offline.
  await signInJudge(a, 'anitha@example.org');
  await expect(a.getByRole('heading', { name: 'Your entries: 0 of 30 scored' })).toBeVisible();
  expect(await axeProblems(a)).toEqual([]);
  await a.getByText('Score offline').click();
  await a.getByRole('button', { name: 'Keep photo entries on this device' }).click();
  await expect(a.getByRole('button', { name: 'Photo entries kept on this device' })).toBeDisabled({ timeout: 30_000 });
  await phone.setOffline(true);
  await a.getByRole('button', { name: /^Entry 1 / }).click();
  for (let n = 1; n <= 30; n++) {
    // Offline, the photo comes from the copy kept on the phone.
    if (n === 1) {
      await expect(a.getByRole('img', { name: 'Entry 1, artwork 1 of 1' })).toHaveJSProperty('naturalWidth', 320);
      expect(await axeProblems(a)).toEqual([]);
    }
    await scoreWithKeys(a, n, sheet('A', n));
  }
  await expect(a.getByRole('heading', { name: 'Your entries: 30 of 30 scored' })).toBeVisible();
  await expect(a.getByText('30 score sheets saved on this device, waiting to be sent.')).toBeVisible();
  await phone.setOffline(false);
  await expect(a.getByText('Every score sheet is sent.')).toBeVisible({ timeout: 60_000 });

  // B scores on a desktop, steps back from entry 5, and corrects entry 3 after saving it wrongly.
  const desk = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 900 } });
  const b = await desk.newPage();
  recordJudgeAnswers(b, answers);
  await signInJudge(b, 'bala@example.org');
  await b.getByRole('button', { name: /^Entry 1 / }).click();
  for (let n = 1; n <= 30; n++) {
    if (n === RECUSED) {
      await expect(b.getByRole('heading', { name: `Entry ${n}`, exact: true })).toBeVisible();
      await b.getByRole('button', { name: 'I know this child' }).click();
      await b.getByRole('dialog').getByRole('button', { name: 'I know this child' }).click();
      await expect(b.getByText(`You stepped back from entry ${n}. Another judge will score it.`)).toBeVisible();
      await b.getByRole('button', { name: new RegExp(`^Entry ${n + 1} `) }).click();
      continue;
    }
    await scoreWithKeys(b, n, n === 3 ? { idea: 10, skill: 10, colour: 10, finish: 10 } : sheet('B', n));
  }
  await expect(b.getByRole('heading', { name: 'Your entries: 29 of 29 scored' })).toBeVisible();
  await b.getByRole('button', { name: /^Entry 3 / }).click();
  await expect(b.locator('.score-criterion').first().locator('input:checked')).toHaveValue('10');
  await scoreWithKeys(b, 3, sheet('B', 3));
  await expect(b.getByText('Every score sheet is sent.')).toBeVisible();

  // C scores on a tablet.
  const tablet = await browser.newContext({ baseURL: origin, viewport: { width: 800, height: 1280 }, hasTouch: true });
  const c = await tablet.newPage();
  recordJudgeAnswers(c, answers);
  await signInJudge(c, 'chitra@example.org');
  await c.getByRole('button', { name: /^Entry 1 / }).click();
  for (let n = 1; n <= 30; n++) await scoreWithKeys(c, n, sheet('C', n));
  await expect(c.getByRole('heading', { name: 'Your entries: 30 of 30 scored' })).toBeVisible();
  await expect(c.getByText('Every score sheet is sent.')).toBeVisible();

  // D was given entry 5 when B stepped back.
  const other = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 900 } });
  const d = await other.newPage();
  recordJudgeAnswers(d, answers);
  await signInJudge(d, 'deepa@example.org');
  await expect(d.getByRole('heading', { name: 'Your entries: 0 of 1 scored' })).toBeVisible();
  await d.getByRole('button', { name: `Entry ${RECUSED} Drawing Competition · ages 6–8 Not scored` }).click();
  await scoreWithKeys(d, RECUSED, D_SHEET);

  // Nothing a judge was sent or shown says who a child is.
  const shown = [...answers, await a.content(), await b.content(), await c.content(), await d.content()].join('\n');
  for (const family of families) {
    for (const value of [family.name, family.name.split(' ')[0]! + ' ' + family.name.split(' ')[1]!, family.city, family.email, family.phone, family.code, ...(family.institute ? [family.institute] : [])]) {
      expect(shown, value).not.toContain(value);
    }
  }

  // The admin closes scoring, computes the results, reads how they were reached, and publishes.
  await admin.reload();
  await admin.getByRole('button', { name: 'Close scoring' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Close scoring' }).click();
  await expect(admin.getByText('Closed: no more scores', { exact: true })).toBeVisible();
  await admin.getByRole('button', { name: 'Compute results' }).click();
  await expect(admin.getByText('Results computed: check them, then publish', { exact: true })).toBeVisible();
  const entryRow = admin.getByRole('row').filter({ has: admin.getByRole('link', { name: '7', exact: true }) });
  await expect(entryRow).toContainText('93.37');
  await expect(entryRow).toContainText('1 · goes through');
  await expect(entryRow).toContainText('anitha@example.org');
  expect(await axeProblems(admin)).toEqual([]);

  // After the close nothing changes: a judge's page says so, and the server refuses a late sheet.
  await b.reload();
  await expect(b.getByText('Scoring has closed for this round. Your scores are final.')).toBeVisible();

  const roundId = ((await (await admin.request.get('/api/judging/rounds/level1')).json()) as { round: { id: string } }).round.id;
  const moderation = (await (await admin.request.get(`/api/judging/rounds/${roundId}/moderation`)).json()) as {
    entries: { number: number; final: number | null; place: number | null; qualifies: boolean }[];
  };
  const got = Object.fromEntries(moderation.entries.map((entry) => [entry.number, [entry.final, entry.place, entry.qualifies]]));
  for (const [number, [final, place, qualifies]] of Object.entries(EXPECTED)) {
    expect(got[number]![0]! as number, `entry ${number}`).toBeCloseTo(final, 2);
    expect([got[number]![1], got[number]![2]], `entry ${number}`).toEqual([place, qualifies]);
  }

  const before = smtp.received.length;
  await admin.getByRole('button', { name: 'Publish results' }).click();
  // Entry 5's judges are far apart (D's single sheet counts raw): it is listed, and publishing it
  // as it is takes a written reason (issue 49).
  const publish = admin.getByRole('dialog', { name: 'Publish the results?' });
  await expect(publish.getByText('1 entry needs a look first:')).toBeVisible();
  await expect(publish.getByRole('row').filter({ hasText: 'Judges 36.15 points apart' })).toContainText('5Drawing Competition, ages 6-83 of 3');
  await publish.getByLabel('Why publish anyway?').fill('The head judge watched entry 5 again: the panel’s score stands.');
  await publish.getByRole('button', { name: 'Publish anyway' }).click();
  await expect(admin.getByText('Published. 30 result emails queued, 30 certificates issued and the results pages are up.')).toBeVisible();
  await expect.poll(() => smtp.received.length - before, { timeout: 60_000 }).toBe(30);

  // Exactly one email per family, in its language, saying whether the child goes through.
  const results = smtp.received.slice(before);
  for (const [index, family] of families.entries()) {
    const own = results.filter((mail) => mail.to.includes(family.email));
    expect(own, family.email).toHaveLength(1);
    const text = own[0]!.parsed.text ?? '';
    const through = EXPECTED[index + 1]![2];
    if (family.language === 'ta') {
      expect(own[0]!.parsed.subject).toContain('நிலை 1 முடிவுகள்');
      expect(text).toContain(through ? 'அரையிறுதிக்குத் தகுதி பெற்றுள்ளார்' : 'தகுதி பெறவில்லை');
    } else {
      expect(own[0]!.parsed.subject).toContain('Level 1 results');
      expect(text).toContain(through ? 'goes through to Level 2' : 'does not go through');
    }
  }
  await Promise.all([adminContext.close(), phone.close(), desk.close(), tablet.close(), other.close()]);
});
