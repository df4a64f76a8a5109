import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, signInAdminPage, testWithMail } from './fixtures';
import { axeProblems } from './outbox-helpers';
import { adminRequest, drawingEntries, inviteTokenFor, invitedJudges, JUDGE_PASSWORD as PASSWORD, sameOrigin, scoreThroughApi } from './judging-helpers';

/**
 * Issue 49: a judge works in Tamil at /ta/judge and writes a note to each family; the admin hides
 * one note and rewords another in moderation, then publishes; the Tamil family's result email and
 * private page show the visible notes and the child's strongest criteria in Tamil, never the
 * hidden note. With SCREENSHOTS_DIR set, the changed screens are kept there at 390 and 1280 px.
 */
const test = testWithMail();

/** Judge A (in the browser) and judges B and C (through the API) give every entry these: colour, then idea, stand out. */
const SHEETS = {
  A: { idea: 9, skill: 6, colour: 8, finish: 5 },
  B: { idea: 8, skill: 6, colour: 9, finish: 5 },
  C: { idea: 8, skill: 5, colour: 9, finish: 4 },
};
const TAMIL_NOTE = 'வண்ணங்களை அழகாகத் தேர்ந்தெடுத்திருக்கிறாய். தொடர்ந்து வரைந்துகொண்டே இரு!';
const HIDDEN_NOTE = 'This note is not for a family to read.';

async function shot(page: Page, name: string) {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

test('a judge scores in Tamil with notes to families; the admin hides one and rewords one; the Tamil family reads the rest and the strongest criteria', async ({ world, browser, request, baseURL, playwright }) => {
  test.setTimeout(300_000);
  const { smtp } = world;
  const origin = baseURL!;

  // Three children in the drawing contest: entry 1 is the Tamil family's.
  const families = await drawingEntries(request, smtp, [
    { name: 'Mugilan Selvam', email: 'notes-family0@example.org', phone: '+91 98400 20000', language: 'ta' },
    { name: 'Kavya Sundaram', email: 'notes-family1@example.org', phone: '+91 98400 20001', language: 'en' },
    { name: 'Nila Arasu', email: 'notes-family2@example.org', phone: '+91 98400 20002', language: 'en' },
  ]);

  // Three drawing teachers, invited and with their passwords set; the round opens.
  await invitedJudges(request, origin, smtp, [
    { name: 'Anitha Ramesh', email: 'anitha@example.org', expertise: 'Drawing Artist' },
    { name: 'Bala Murugan', email: 'bala@example.org', expertise: 'Drawing Artist' },
    { name: 'Chitra Sekar', email: 'chitra@example.org', expertise: 'Drawing Artist' },
  ]);
  const admin = await adminRequest(request, origin);
  const tablet = await browser.newContext({ baseURL: origin, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const a = await tablet.newPage();
  // Judge A accepts the invitation on the Tamil welcome page.
  await a.goto(`/ta/judge/welcome#${inviteTokenFor(smtp, 'anitha@example.org')}`);
  await expect(a.getByRole('heading', { name: 'நடுவர் குழுவுக்கு வரவேற்கிறோம்' })).toBeVisible();
  await shot(a, 'welcome-ta-390');
  await a.getByLabel('புதிய கடவுச்சொல்').fill(PASSWORD);
  await a.getByLabel('அதே கடவுச்சொல் மீண்டும்').fill(PASSWORD);
  await a.getByRole('button', { name: 'கடவுச்சொல்லை அமை' }).click();
  await expect(a.getByText('உங்கள் கடவுச்சொல் அமைக்கப்பட்டது. anitha@example.org என்ற பயனர் பெயரில் உள்நுழையுங்கள்.')).toBeVisible();
  for (const email of ['bala@example.org', 'chitra@example.org']) {
    expect((await request.post('/api/auth/invite', { headers: sameOrigin(origin), data: { token: inviteTokenFor(smtp, email), password: PASSWORD } })).status()).toBe(200);
  }
  expect((await request.post('/api/judging/rounds', { headers: admin, data: { levelId: 'level1' } })).status()).toBe(200);

  // Judge A signs in at /ta/judge (from the welcome page's link) and scores all three in Tamil, each with a note to the family.
  await a.getByRole('link', { name: 'மதிப்பீட்டுக்குச் செல்லுங்கள்' }).click();
  await expect(a).toHaveURL(/\/ta\/judge$/);
  await a.getByLabel('பயனர் பெயர்').fill('anitha@example.org');
  await a.getByLabel('கடவுச்சொல்').fill(PASSWORD);
  await a.getByRole('button', { name: 'உள்நுழை' }).click();
  await expect(a.getByRole('heading', { name: 'உங்கள் படைப்புகள்: 3 படைப்புகளில் 0 மதிப்பிடப்பட்டன' })).toBeVisible();
  await expect(a.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/judge');
  expect(await axeProblems(a)).toEqual([]);
  await shot(a, 'queue-ta-390');
  await a.getByRole('button', { name: /^படைப்பு 1 / }).click();
  for (const number of [1, 2, 3]) {
    await expect(a.getByRole('heading', { name: `படைப்பு ${number}`, exact: true })).toBeVisible();
    await expect(a.locator('.score-criterion legend').first()).toContainText('கருத்து');
    await a.locator('.score-criterion').first().locator('input').first().focus();
    for (const value of Object.values(SHEETS.A)) await a.keyboard.press(String(value));
    const note = a.getByLabel('குடும்பத்துக்கு ஒரு குறிப்பு');
    if (number === 1) {
      // Too long: the shared schema's message, in Tamil.
      await note.evaluate((element) => element.removeAttribute('maxlength'));
      await note.fill('அ'.repeat(401));
      await a.getByRole('button', { name: 'சேமித்து அடுத்தது' }).click();
      await expect(a.getByText('குடும்பத்துக்கான குறிப்பு 400 எழுத்துகளுக்குள் இருக்க வேண்டும்.')).toBeVisible();
      await shot(a, 'sheet-ta-390');
    }
    await note.fill(number === 1 ? TAMIL_NOTE : `Entry ${number}: lovely bright colours, keep drawing!`);
    await a.getByRole('button', { name: 'சேமித்து அடுத்தது' }).click();
    await expect(a.getByText(number === 3 ? `படைப்பு 3 சேமிக்கப்பட்டது. மதிப்பெண் இடாமல் இருந்த கடைசிப் படைப்பு இதுதான்.` : `படைப்பு ${number} சேமிக்கப்பட்டது.`)).toBeVisible();
  }
  await expect(a.getByRole('heading', { name: 'உங்கள் படைப்புகள்: 3 படைப்புகளில் 3 மதிப்பிடப்பட்டன' })).toBeVisible();
  await expect(a.getByText('எல்லா மதிப்பெண் தாள்களும் அனுப்பப்பட்டுவிட்டன.')).toBeVisible({ timeout: 30_000 });

  // Judges B and C score too; B writes a note the admin will hide.
  const b = await playwright.request.newContext({ baseURL: origin });
  const c = await playwright.request.newContext({ baseURL: origin });
  expect(await scoreThroughApi(b, origin, 'bala@example.org', SHEETS.B, { 1: HIDDEN_NOTE })).toBe(3);
  expect(await scoreThroughApi(c, origin, 'chitra@example.org', SHEETS.C)).toBe(3);

  // The admin closes scoring, computes, hides B's note on entry 1 and rewords A's note on entry 2, then publishes.
  const desk = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 900 } });
  const page = await desk.newPage();
  await signInAdminPage(page);
  await page.goto('/admin/judging');
  await page.getByRole('button', { name: 'Close scoring' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close scoring' }).click();
  await page.getByRole('button', { name: 'Compute results' }).click();
  await expect(page.getByText('Results computed: check them, then publish', { exact: true })).toBeVisible();
  const row = (number: number) => page.getByRole('row').filter({ has: page.getByRole('link', { name: String(number), exact: true }) });
  await expect(row(1)).toContainText(TAMIL_NOTE);
  await row(1).getByRole('button', { name: 'Hide bala@example.org’s note' }).click();
  await expect(row(1)).toContainText('bala@example.org (hidden from the family)');
  await row(2).getByRole('button', { name: 'Edit anitha@example.org’s note' }).click();
  await row(2).getByLabel('What the family reads').fill('Lovely bright colours. Keep drawing every day!');
  await row(2).getByRole('button', { name: 'Save the note' }).click();
  await expect(row(2)).toContainText('anitha@example.org (edited): “Lovely bright colours. Keep drawing every day!”');
  await expect(row(2)).toContainText('The judge wrote: “Entry 2: lovely bright colours, keep drawing!”');
  expect(await axeProblems(page)).toEqual([]);
  await shot(page, 'moderation-en-1280');
  const before = smtp.received.length;
  await page.getByRole('button', { name: 'Publish results' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish results' }).click();
  await expect(page.getByText(/^Published\. 3 result emails queued/)).toBeVisible();
  await expect.poll(() => smtp.received.length - before, { timeout: 60_000 }).toBe(3);

  // The Tamil family's email: the note and the strongest criteria in Tamil; the hidden note nowhere.
  const tamilMail = smtp.received.slice(before).find((mail) => mail.to.includes(families[0]!.email))!;
  expect(tamilMail.parsed.subject).toContain('நிலை 1 முடிவுகள்');
  const tamilText = tamilMail.parsed.text ?? '';
  expect(tamilText).toContain('சிறப்பாக அமைந்தவை: வண்ணம் மற்றும் கருத்து');
  expect(tamilText).toContain('நடுவர்கள் எழுதியவை:');
  expect(tamilText).toContain(`“${TAMIL_NOTE}”`);
  const englishMail = smtp.received.slice(before).find((mail) => mail.to.includes(families[1]!.email))!;
  expect(englishMail.parsed.text).toContain('Strongest: colour and idea');
  expect(englishMail.parsed.text).toContain('“Lovely bright colours. Keep drawing every day!”');
  for (const mail of smtp.received.slice(before)) {
    expect(`${mail.parsed.text}${mail.parsed.html}`).not.toContain(HIDDEN_NOTE);
    expect(mail.parsed.text).not.toContain('Entry 2: lovely bright colours');
  }

  // The Tamil private page, opened from the email, shows the same.
  const link = /https?:\/\/\S+\/ta\/my\/[A-Za-z0-9_-]{43}/.exec(tamilText)?.[0];
  expect(link).toBeTruthy();
  const phone = await browser.newContext({ baseURL: origin, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const family = await phone.newPage();
  await family.goto(new URL(link!).pathname);
  const results = family.locator('.family-results');
  await expect(results.getByText('சிறப்பாக அமைந்தவை: வண்ணம் மற்றும் கருத்து')).toBeVisible();
  await expect(results.getByText(TAMIL_NOTE)).toBeVisible();
  await expect(family.locator('body')).not.toContainText(HIDDEN_NOTE);
  expect(await axeProblems(family)).toEqual([]);
  await results.scrollIntoViewIfNeeded();
  await shot(family, 'family-ta-390');
  await family.setViewportSize({ width: 1280, height: 900 });
  await shot(family, 'family-ta-1280');

  // The judge's pages at 1280 px, in Tamil and in English.
  await a.setViewportSize({ width: 1280, height: 900 });
  await a.goto('/ta/judge?entry=1');
  await expect(a.getByRole('heading', { name: 'படைப்பு 1', exact: true })).toBeVisible();
  await shot(a, 'sheet-ta-1280');
  await a.goto('/judge?entry=1');
  await expect(a.getByRole('heading', { name: 'Entry 1', exact: true })).toBeVisible();
  await expect(a.getByLabel('A note to the family')).toHaveValue(TAMIL_NOTE);
  await shot(a, 'sheet-en-1280');
  await a.setViewportSize({ width: 390, height: 844 });
  await shot(a, 'sheet-en-390');
  await a.goto('/ta/judge');
  await shot(a, 'queue-ta-closed-390');
  await Promise.all([tablet.close(), desk.close(), phone.close(), b.dispose(), c.dispose()]);
});
