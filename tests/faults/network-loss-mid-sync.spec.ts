import { randomBytes } from 'node:crypto';
import { ADMIN, expect, test } from '../e2e/fixtures';
import { announceOnline, outboxStatuses, queueRegistrations, waitForOutbox } from './support/outbox-in-page';
import { makeRegistration } from './support/registrations';
import { countOnServer } from './support/server-count';

test('the connection drops after the server stored a 100-record batch: every record syncs exactly once', async ({ page, server }) => {
  // Retries wait out a real backoff (1-2 s); a loaded CI machine needs headroom beyond the default.
  test.setTimeout(120_000);
  const tag = `netcut${randomBytes(4).toString('hex')}`;
  const records = Array.from({ length: 100 }, (_, i) => makeRegistration(i, { email: `${tag}.${i}@example.org` }));
  const ids = records.map((r) => r.id);

  // The first batch reaches the server and is stored, but its answer never reaches the page.
  const batchAnswers: Array<Array<{ status: string }>> = [];
  let cut = false;
  await page.route('**/api/registrations/batch', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { results: Array<{ status: string }> };
    batchAnswers.push(body.results);
    if (!cut) {
      cut = true;
      await route.abort('connectionreset');
      return;
    }
    await route.fulfill({ response, json: body });
  });

  await page.goto('/registration');
  await waitForOutbox(page);
  await queueRegistrations(page, records);
  await announceOnline(page);

  await expect.poll(() => outboxStatuses(page, ids), { timeout: 60_000 }).toEqual({ synced: 100 });
  expect(cut).toBe(true);
  // First attempt: all created on the server. The resend after the cut: all recognised, none created again.
  expect(batchAnswers[0]?.map((r) => r.status)).toEqual(ids.map(() => 'created'));
  expect(batchAnswers.slice(1).flat().map((r) => r.status)).toEqual(ids.map(() => 'duplicate'));
  expect(await countOnServer(server.url, ADMIN, tag)).toBe(100);
});
