import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/setup/chromium';
import { ROOT } from '../tests/setup/server-process';
import { outboxStatuses, queueRegistrations, waitForOutbox } from '../tests/faults/support/outbox-in-page';
import { makeRegistration } from '../tests/faults/support/registrations';
import type { BenchContext } from './lib/environment';
import { figure, type PartResult } from './lib/report';

const PART = '4. Offline sync in the browser';
const TARGET_MS = 5_000;

/**
 * N registrations are queued in the app's outbox while the browser is offline; the clock starts
 * when the network comes back (Chromium fires `online`, the app's sync engine wakes) and stops
 * when the server's answer acknowledging the last of them arrives.
 */
export async function measureOfflineSync(ctx: BenchContext, options: { records: number }): Promise<Omit<PartResult, 'seconds'>> {
  if (!existsSync(join(ROOT, 'src/lib/outbox/sync-engine.ts'))) {
    return { part: PART, figures: [], notMeasured: 'the outbox sync engine (src/lib/outbox) does not exist yet' };
  }
  const database = await ctx.freshDatabase('offline-sync');
  const server = await ctx.startServer(database);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await page.goto('/registration');
    await waitForOutbox(page);

    const payloads = Array.from({ length: options.records }, (_, i) => makeRegistration(i));
    const ids = new Set(payloads.map((p) => p.id));
    const acknowledged = new Set<string>();
    let lastAckAt = 0;
    let batches = 0;
    page.on('response', async (response) => {
      if (!response.url().endsWith('/api/registrations/batch') || response.status() !== 200) return;
      const body = (await response.json().catch(() => null)) as { results?: Array<{ id?: string; status?: string }> } | null;
      batches++;
      for (const result of body?.results ?? []) {
        if (result.id && ids.has(result.id) && (result.status === 'created' || result.status === 'duplicate')) acknowledged.add(result.id);
      }
      lastAckAt = performance.now();
    });

    await context.setOffline(true);
    await queueRegistrations(page, payloads);
    const queued = await outboxStatuses(page, [...ids]);
    if (queued.queued !== options.records) throw new Error(`expected ${options.records} queued records, found ${JSON.stringify(queued)}`);

    const wentOnline = performance.now();
    await context.setOffline(false);
    const deadline = wentOnline + 60_000;
    while (acknowledged.size < options.records && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const ackMs = acknowledged.size === options.records ? lastAckAt - wentOnline : null;

    // The device's view: every record marked synced in IndexedDB.
    let deviceMs: number | null = null;
    while (performance.now() < deadline) {
      const statuses = await outboxStatuses(page, [...ids]);
      if (statuses.synced === options.records) {
        deviceMs = performance.now() - wentOnline;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    await context.close();

    return {
      part: PART,
      figures: [
        figure(PART, `going online -> last of ${options.records} acknowledged by the server`, ackMs === null ? null : ackMs / 1000, {
          unit: 's',
          target: `< ${TARGET_MS / 1000} s`,
          pass: ackMs !== null && ackMs < TARGET_MS,
          note: ackMs === null ? `only ${acknowledged.size} acknowledged within 60 s` : `${batches} batch requests`,
        }),
        figure(PART, `going online -> all ${options.records} marked synced on the device`, deviceMs === null ? null : deviceMs / 1000, {
          unit: 's',
          note: 'polling IndexedDB every 50 ms, so up to ~0.05 s late',
        }),
      ],
      details: { records: options.records, ackMs, deviceMs, batches, method: 'records written to the outbox IndexedDB in the shape enqueue("registration", …) stores, while offline' },
    };
  } finally {
    await browser.close();
    await server.stop();
    server.cleanup();
    await database.dispose();
  }
}
