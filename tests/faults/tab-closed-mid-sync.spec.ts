import { randomBytes } from 'node:crypto';
import { ADMIN, expect, test } from '../e2e/fixtures';
import { announceOnline, outboxStatuses, queueRegistrations, waitForOutbox } from './support/outbox-in-page';
import { makeRegistration } from './support/registrations';
import { countOnServer } from './support/server-count';

test('a tab closed while records are sending: on reopening they go back to the queue and sync once', async ({ context, server }) => {
  test.setTimeout(120_000);
  const tag = `tabclose${randomBytes(4).toString('hex')}`;
  const records = Array.from({ length: 30 }, (_, i) => makeRegistration(i, { email: `${tag}.${i}@example.org` }));
  const ids = records.map((r) => r.id);

  // The batch reaches the server, which stores it, but the tab is gone before the answer arrives.
  let delivered = 0;
  const stalled = new Promise<void>((resolve) => {
    void context.route('**/api/registrations/batch', async (route) => {
      await route.fetch();
      delivered++;
      resolve();
      // Never answered: the page closes while this request is open.
    });
  });

  const first = await context.newPage();
  await first.goto('/registration');
  await waitForOutbox(first);
  await queueRegistrations(first, records);
  await announceOnline(first);
  await stalled;
  expect(await outboxStatuses(first, ids)).toEqual({ sending: 30 });
  await first.close();
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  expect(delivered).toBe(1);

  // Reopen with the server unreachable: records left 'sending' must return to the queue.
  await context.route('**/api/health', (route) => route.abort('connectionrefused'));
  const second = await context.newPage();
  await second.goto('/registration');
  await waitForOutbox(second);
  await expect.poll(() => outboxStatuses(second, ids), { timeout: 30_000 }).toEqual({ queued: 30 });

  // Connection back: they sync, and the server still holds exactly one copy of each.
  const answers: string[] = [];
  second.on('response', async (response) => {
    if (response.url().endsWith('/api/registrations/batch')) {
      const body = (await response.json()) as { results: Array<{ status: string }> };
      answers.push(...body.results.map((r) => r.status));
    }
  });
  await context.unroute('**/api/health');
  await announceOnline(second);
  await expect.poll(() => outboxStatuses(second, ids), { timeout: 60_000 }).toEqual({ synced: 30 });
  // The answers are read from the responses as they come, after the records may show as synced.
  await expect.poll(() => answers).toEqual(ids.map(() => 'duplicate'));
  expect(await countOnServer(server.url, ADMIN, tag)).toBe(30);
});
