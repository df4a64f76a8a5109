import { randomBytes } from 'node:crypto';
import { ADMIN, expect, test } from '../e2e/fixtures';
import { announceOnline, outboxStatuses, queueRegistrations, waitForOutbox } from './support/outbox-in-page';
import { makeRegistration } from './support/registrations';
import { countOnServer } from './support/server-count';

/**
 * A phone whose Wi-Fi stays connected while the internet behind it drops: every request fails,
 * the browser never says `offline`, and so never says `online` again either. The page's clock is
 * Playwright's, so 15 minutes of waiting take seconds.
 */
test('the internet comes back without an `online` event: waiting records sync within 30 s, once', async ({ page, server }) => {
  test.setTimeout(120_000);
  const tag = `heartbeat${randomBytes(4).toString('hex')}`;
  const records = Array.from({ length: 5 }, (_, i) => makeRegistration(i, { email: `${tag}.${i}@example.org` }));
  const ids = records.map((r) => r.id);

  let internet = true;
  let failedProbes = 0;
  await page.route('**/api/**', async (route) => {
    if (internet) return route.continue();
    if (new URL(route.request().url()).pathname === '/api/health') failedProbes += 1;
    return route.abort('internetdisconnected');
  });

  await page.clock.install();
  await page.goto('/registration');
  await waitForOutbox(page);
  internet = false;
  await queueRegistrations(page, records);
  await announceOnline(page); // the engine tries once and finds no server

  // 15 minutes without internet: the backoff between tries grows to minutes.
  for (let minute = 0; minute < 15; minute += 1) {
    await page.clock.fastForward('01:00');
    await page.waitForTimeout(150);
  }
  expect(await outboxStatuses(page, ids)).toEqual({ queued: 5 });
  expect(failedProbes).toBeGreaterThan(5); // it kept trying

  // One more failed try right now (as the tab becoming visible would make), so the next backoff
  // try is minutes away (the 10th failure waits at least 150 s): only the heartbeat can be quicker.
  const before = failedProbes;
  await announceOnline(page);
  await expect.poll(() => failedProbes).toBeGreaterThan(before);
  await page.waitForTimeout(300);

  // The internet returns. No event of any kind.
  internet = true;
  const backAt = await page.evaluate(() => Date.now());
  let syncedAt: number | null = null;
  for (let step = 0; step < 12 && syncedAt === null; step += 1) {
    await page.clock.fastForward(5_000);
    await page.waitForTimeout(500);
    if ((await outboxStatuses(page, ids)).synced === 5) syncedAt = await page.evaluate(() => Date.now());
  }
  expect(syncedAt, 'the records did not sync within 60 s of page time').not.toBeNull();
  expect(syncedAt! - backAt).toBeLessThanOrEqual(30_000);
  expect(await countOnServer(server.url, ADMIN, tag)).toBe(5);
});
