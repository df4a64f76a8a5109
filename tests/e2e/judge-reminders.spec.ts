import type { Page } from '@playwright/test';
import { scoringDeadlineOf } from '../../domain/season';
import { moveServerClock, queueServerReminders } from '../setup/server-process';
import type { SmtpTestServer } from '../setup/smtp-test-server';
import { expect, screenshotBothWidths, testWithMail } from './fixtures';
import { axeProblems } from './outbox-helpers';
import { adminRequest, drawingEntries, inviteTokenFor, invitedJudges, JUDGE_PASSWORD, sameOrigin, scoreThroughApi } from './judging-helpers';

/**
 * Issue 49: a round's scoring deadline comes from the season module, and judges with entries
 * still to score are reminded 3 days and 1 day before it, each reminder once, in the language of
 * the judges' pages they use. Judge A works through the round in Tamil at /ta/judge, judge B
 * (English) scores nothing, judge C scores everything. The server's clock is moved to each
 * reminder's moment and the reminders are queued then, as the server's 15-minute job would.
 * With SCREENSHOTS_DIR set, the judges' screens are kept there at 390 and 1280 px in both languages.
 */
const test = testWithMail({ TEST_CLOCK: 'on' });

const SHEET = { idea: 8, skill: 7, colour: 9, finish: 6 };
const DAY = 86_400_000;
const DEADLINE = scoringDeadlineOf('level1')!;
const JUDGES = {
  A: { name: 'Anbu Selvi', email: 'anbu@example.org', expertise: 'Drawing Artist' },
  B: { name: 'Brinda Kumar', email: 'brinda@example.org', expertise: 'Drawing Artist' },
  C: { name: 'Chandran Velu', email: 'chandran@example.org', expertise: 'Drawing Artist' },
};

/** The scoring reminders a judge received, oldest first. */
const reminders = ({ smtp }: { smtp: SmtpTestServer }, email: string) =>
  smtp.received.filter((mail) => mail.to.includes(email) && /^(Reminder|நினைவூட்டல்):/.test(mail.parsed.subject ?? ''));

/** Scores the entry on screen with the keyboard and saves it. */
async function scoreShown(page: Page, save: string) {
  await page.locator('.score-criterion').first().locator('input').first().focus();
  for (const value of Object.values(SHEET)) await page.keyboard.press(String(value));
  await page.getByRole('button', { name: save }).click();
}

test('judges with entries left are reminded 3 days and 1 day before the scoring deadline, each once, in their language; a judge who scored everything is not', async ({
  world,
  browser,
  request,
  baseURL,
  playwright,
}) => {
  test.setTimeout(300_000);
  const { smtp, server } = world;
  const origin = baseURL!;

  await drawingEntries(request, smtp, [
    { name: 'Ilakkiya Raja', email: 'remind-family0@example.org', phone: '+91 98400 30000', language: 'ta' },
    { name: 'Meera Iyer', email: 'remind-family1@example.org', phone: '+91 98400 30001', language: 'en' },
    { name: 'Tamizh Mani', email: 'remind-family2@example.org', phone: '+91 98400 30002', language: 'en' },
  ]);
  await invitedJudges(request, origin, smtp, Object.values(JUDGES));
  const tablet = await browser.newContext({ baseURL: origin, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const a = await tablet.newPage();

  // The judges' pages before anyone signs in, in both languages.
  await a.goto(`/judge/welcome#${inviteTokenFor(smtp, JUDGES.A.email)}`);
  await expect(a.getByRole('heading', { name: 'Welcome to the judging panel' })).toBeVisible();
  await screenshotBothWidths(a, 'welcome-en');
  await a.goto(`/ta/judge/welcome#${inviteTokenFor(smtp, JUDGES.A.email)}`);
  await expect(a.getByRole('heading', { name: 'நடுவர் குழுவுக்கு வரவேற்கிறோம்' })).toBeVisible();
  await screenshotBothWidths(a, 'welcome-ta');

  // Judge A sets a password on the Tamil welcome page; B and C accept their invitations too; the round opens.
  await a.getByLabel('புதிய கடவுச்சொல்').fill(JUDGE_PASSWORD);
  await a.getByLabel('அதே கடவுச்சொல் மீண்டும்').fill(JUDGE_PASSWORD);
  await a.getByRole('button', { name: 'கடவுச்சொல்லை அமை' }).click();
  await expect(a.getByText(`உங்கள் கடவுச்சொல் அமைக்கப்பட்டது. ${JUDGES.A.email} என்ற பயனர் பெயரில் உள்நுழையுங்கள்.`)).toBeVisible();
  for (const judge of [JUDGES.B, JUDGES.C]) {
    expect((await request.post('/api/auth/invite', { headers: sameOrigin(origin), data: { token: inviteTokenFor(smtp, judge.email), password: JUDGE_PASSWORD } })).status()).toBe(200);
  }
  expect((await request.post('/api/judging/rounds', { headers: await adminRequest(request, origin), data: { levelId: 'level1' } })).status()).toBe(200);

  await a.goto('/judge');
  await expect(a.getByRole('heading', { name: 'Judge sign-in' })).toBeVisible();
  await screenshotBothWidths(a, 'sign-in-en');
  await a.goto('/ta/judge');
  await expect(a.getByRole('heading', { name: 'நடுவர் உள்நுழைவு' })).toBeVisible();
  await screenshotBothWidths(a, 'sign-in-ta');

  // Judge A signs in at /ta/judge and scores entry 1 of 3 in Tamil.
  const signInTamil = async () => {
    await a.getByLabel('பயனர் பெயர்').fill(JUDGES.A.email);
    await a.getByLabel('கடவுச்சொல்').fill(JUDGE_PASSWORD);
    await a.getByRole('button', { name: 'உள்நுழை' }).click();
  };
  await signInTamil();
  await expect(a.getByRole('heading', { name: 'உங்கள் படைப்புகள்: 3 படைப்புகளில் 0 மதிப்பிடப்பட்டன' })).toBeVisible();
  await a.getByText('நலன் முரண்பாடுகள்').click();
  await expect(a.getByLabel('நீங்கள் கற்பிக்கும் அல்லது தொடர்புள்ள நிறுவனங்கள்')).toBeVisible();
  expect(await axeProblems(a)).toEqual([]);
  await screenshotBothWidths(a, 'queue-conflicts-ta');
  await a.getByRole('button', { name: /^படைப்பு 1 / }).click();
  await expect(a.getByRole('heading', { name: 'படைப்பு 1', exact: true })).toBeVisible();
  await screenshotBothWidths(a, 'sheet-ta');
  await scoreShown(a, 'சேமித்து அடுத்தது');
  await expect(a.getByText('படைப்பு 1 சேமிக்கப்பட்டது.')).toBeVisible();
  await expect(a.getByText('எல்லா மதிப்பெண் தாள்களும் அனுப்பப்பட்டுவிட்டன.')).toBeVisible({ timeout: 30_000 });

  // The same screens in English (reading the queue from /judge would make A's emails English: only screenshots here).
  const desk = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 900 } });
  const b = await desk.newPage();
  await b.goto('/judge');
  await b.getByLabel('Username').fill(JUDGES.B.email);
  await b.getByLabel('Password').fill(JUDGE_PASSWORD);
  await b.getByRole('button', { name: 'Sign In' }).click();
  await expect(b.getByRole('heading', { name: 'Your entries: 0 of 3 scored' })).toBeVisible();
  await b.getByText('Conflicts of interest').click();
  expect(await axeProblems(b)).toEqual([]);
  await screenshotBothWidths(b, 'queue-conflicts-en');
  await b.getByRole('button', { name: /^Entry 1 / }).click();
  await expect(b.getByRole('heading', { name: 'Entry 1', exact: true })).toBeVisible();
  await screenshotBothWidths(b, 'sheet-en');

  // Judge C scores every entry.
  const c = await playwright.request.newContext({ baseURL: origin });
  expect(await scoreThroughApi(c, origin, JUDGES.C.email, SHEET)).toBe(3);

  // --- 3 days before the deadline (an hour into that day's reminder) ---
  await moveServerClock(server, DEADLINE.getTime() - 3 * DAY + 3_600_000 - Date.now());
  expect((await queueServerReminders(server)).judges).toBe(2);
  // Asked again, or by another instance: nothing more.
  expect((await queueServerReminders(server)).judges).toBe(0);
  await expect.poll(() => reminders(world, JUDGES.A.email).length + reminders(world, JUDGES.B.email).length, { timeout: 60_000 }).toBe(2);

  const [tamil] = reminders(world, JUDGES.A.email);
  expect(tamil!.parsed.subject).toBe('நினைவூட்டல்: 26 ஏப்ரல், 2027 முடிவதற்குள் 2 படைப்புகளை மதிப்பிடுங்கள்');
  expect(tamil!.parsed.text).toContain(`அன்புள்ள ${JUDGES.A.name}, `);
  expect(tamil!.parsed.text).toContain('26 ஏப்ரல், 2027 இரவுடன் (சென்னை நேரம்) முடிகிறது: இன்னும் 3 நாட்கள் மட்டுமே உள்ளன. நீங்கள் இன்னும் 2 படைப்புகளை மதிப்பிட வேண்டியுள்ளது.');
  const link = /https?:\/\/\S+\/ta\/judge(?=\.)/.exec(tamil!.parsed.text ?? '')?.[0];
  expect(link).toBe(`${origin}/ta/judge`);
  const [english] = reminders(world, JUDGES.B.email);
  expect(english!.parsed.subject).toBe('Reminder: 3 entries to score by the end of 26 April 2027');
  expect(english!.parsed.text).toContain(`Dear ${JUDGES.B.name}, scoring for Level 1 of the Kids Talent Competition 2027 closes at the end of 26 April 2027 (Chennai time), 3 days from now. You still have 3 entries to score.`);
  expect(english!.parsed.text).toContain(`${origin}/judge.`);

  // Judge A follows the email's link: months have passed on the server, so A signs in again, and scores one more.
  await a.goto(new URL(link!).pathname);
  await expect(a.getByText('உங்கள் உள்நுழைவு முடிந்துவிட்டது.', { exact: false })).toBeVisible();
  await signInTamil();
  await expect(a.getByRole('heading', { name: 'உங்கள் படைப்புகள்: 3 படைப்புகளில் 1 மதிப்பிடப்பட்டன' })).toBeVisible();
  await a.getByRole('button', { name: /^படைப்பு 2 / }).click();
  await scoreShown(a, 'சேமித்து அடுத்தது');
  await expect(a.getByText('படைப்பு 2 சேமிக்கப்பட்டது.')).toBeVisible();
  await expect(a.getByText('எல்லா மதிப்பெண் தாள்களும் அனுப்பப்பட்டுவிட்டன.')).toBeVisible({ timeout: 30_000 });

  // --- 1 day before the deadline ---
  await moveServerClock(server, DEADLINE.getTime() - DAY + 3_600_000 - Date.now());
  expect((await queueServerReminders(server)).judges).toBe(2);
  expect((await queueServerReminders(server)).judges).toBe(0);
  await expect.poll(() => reminders(world, JUDGES.A.email).length + reminders(world, JUDGES.B.email).length, { timeout: 60_000 }).toBe(4);
  const [, lastTamil] = reminders(world, JUDGES.A.email);
  expect(lastTamil!.parsed.subject).toBe('நினைவூட்டல்: 26 ஏப்ரல், 2027 முடிவதற்குள் 1 படைப்பை மதிப்பிடுங்கள்');
  expect(lastTamil!.parsed.text).toContain('இன்னும் 1 நாள் மட்டுமே உள்ளது. நீங்கள் இன்னும் 1 படைப்பை மதிப்பிட வேண்டியுள்ளது.');
  const [, lastEnglish] = reminders(world, JUDGES.B.email);
  expect(lastEnglish!.parsed.subject).toBe('Reminder: 3 entries to score by the end of 26 April 2027');
  expect(lastEnglish!.parsed.text).toContain('1 day from now. You still have 3 entries to score.');

  // Each reminder went once to each judge with entries left; the judge who scored everything got none.
  expect(reminders(world, JUDGES.A.email)).toHaveLength(2);
  expect(reminders(world, JUDGES.B.email)).toHaveLength(2);
  expect(reminders(world, JUDGES.C.email)).toHaveLength(0);

  await moveServerClock(server, 0);
  await Promise.all([tablet.close(), desk.close(), c.dispose()]);
});
