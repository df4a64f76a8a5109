import type { Page } from '@playwright/test';
import { expect, signInAdminPage, testWithMail } from './fixtures';
import { axeProblems } from './outbox-helpers';
import { artwork, judgeClient, registerFamily, sameOrigin, sendPhotoEntry, untilReady } from './judging-helpers';

/**
 * Issue 49: the organiser cannot publish by mistake. Only one judge scored the round (it needs
 * three per entry): the admin's Judging page shows the judge's progress and when they last scored,
 * and the publish dialog lists both one-judge entries and refuses to publish without a written
 * reason, then publishes with one.
 */
const test = testWithMail();

/** The page as it looks at a phone's and a desktop's width, kept with the test's results to look at. */
async function screenshots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test('the publish dialog lists the entries one judge scored, refuses without a reason, then publishes with one', async ({ world, browser, request, baseURL }) => {
  test.setTimeout(240_000);
  const origin = baseURL!;
  for (const [i, name] of ['Nandhini Arul', 'Oviya Senthil'].entries()) {
    const family = await registerFamily(request, world.smtp, { name, city: 'Tambaram', institute: null, email: `publish.family${i}@example.org`, phone: `+91 98400 2000${i}`, language: 'en', age: 7, category: 'drawing' });
    await sendPhotoEntry(request, family.token, 'drawing', await artwork(i + 40));
    await untilReady(request, family.token, 'drawing');
  }
  const judge = await judgeClient(request, world, origin, 1);

  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 900 } });
  const admin = await context.newPage();
  await signInAdminPage(admin);
  await admin.goto('/admin/judging');
  await admin.getByRole('button', { name: 'Open Level 1 judging' }).click();
  await expect(admin.getByText('Round opened: 2 entries assigned, 2 short of judges.')).toBeVisible();
  await expect(admin.getByText('Judges score until the end of 26 April 2027 (Chennai time).', { exact: false })).toBeVisible();

  // The only judge scores both entries.
  const queue = (await (await judge.get('/api/judge/queue', { headers: sameOrigin(origin) })).json()) as { entries: { entryId: string }[] };
  expect(queue.entries).toHaveLength(2);
  for (const entry of queue.entries) {
    const saved = await judge.put(`/api/judge/scores/${entry.entryId}`, { headers: sameOrigin(origin), data: { scores: { idea: 7, skill: 6, colour: 8, finish: 7 }, comment: '', editedAt: new Date().toISOString() } });
    expect(saved.status()).toBe(200);
  }

  // Their progress, and when they last scored.
  await admin.reload();
  const row = admin.getByRole('region', { name: 'Judges' }).getByRole('row').filter({ hasText: 'drawing.judge1@example.org' });
  await expect(row.getByRole('progressbar', { name: 'drawing.judge1@example.org: 2 of 2 scored' })).toBeVisible();
  await expect(row).toContainText('2 of 2');
  await expect(row).not.toContainText('Not yet');
  await expect(row).toContainText('English');
  expect(await axeProblems(admin)).toEqual([]);
  await screenshots(admin, 'judging-progress');

  await admin.getByRole('button', { name: 'Close scoring' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Close scoring' }).click();
  await admin.getByRole('button', { name: 'Compute results' }).click();
  await expect(admin.getByText('Results computed: check them, then publish', { exact: true })).toBeVisible();

  // The dialog lists both one-judge entries.
  await admin.getByRole('button', { name: 'Publish results' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Publish the results?' });
  await expect(dialog.getByText('2 entries need a look first:')).toBeVisible();
  const listed = dialog.getByRole('region', { name: 'Entries that need a look' }).getByRole('row');
  await expect(listed).toHaveCount(3);
  for (const number of ['1', '2']) {
    const entry = listed.filter({ has: admin.getByRole('cell', { name: number, exact: true }) });
    await expect(entry).toContainText('Drawing Competition, ages 6-8');
    await expect(entry).toContainText('1 of 3');
    await expect(entry).toContainText('Too few sheets');
  }
  expect(await axeProblems(admin)).toEqual([]);

  // Without a reason: refused in the page, and by the server.
  await dialog.getByRole('button', { name: 'Publish anyway' }).click();
  await expect(dialog.getByLabel('Why publish anyway?')).toBeFocused();
  await expect(dialog.getByText('Write why you publish anyway, in at least 10 characters.')).toBeVisible();
  const roundId = ((await (await admin.request.get('/api/judging/rounds/level1')).json()) as { round: { id: string } }).round.id;
  const refused = await admin.request.post(`/api/judging/rounds/${roundId}/state`, { headers: sameOrigin(origin), data: { from: 'results', to: 'published' } });
  expect(refused.status()).toBe(422);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
    '2 entries have fewer score sheets than the round needs or judges far apart. Write why you publish anyway, or go back and settle them first.',
  );
  await screenshots(admin, 'publish-dialog');

  // With one: published.
  await dialog.getByLabel('Why publish anyway?').fill('The other two judges withdrew; the head judge watched both entries.');
  await dialog.getByRole('button', { name: 'Publish anyway' }).click();
  await expect(admin.getByText('Published. 2 result emails queued, 2 certificates issued and the results pages are up.')).toBeVisible();
  await expect(admin.getByText('Published: families have been told', { exact: true })).toBeVisible();
  await Promise.all([context.close(), judge.dispose()]);
});
