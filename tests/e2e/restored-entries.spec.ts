import { mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { seedRegistrations } from '../../server/cli/seed-registrations';
import { openDatabase } from '../../server/db/client';
import { directoryStorage } from '../../server/entries/entry-storage';
import { runCli } from '../faults/support/cli';
import { storeReadyPhotoEntry } from '../setup/judging-fixtures';
import { startServer, type RunningServer } from '../setup/server-process';
import { ADMIN_ENV, expect, signInAdminRequest, test } from './fixtures';
import { axeProblems } from './outbox-helpers';

/**
 * Issue 49: the machine is lost during judging. The organiser restores last night's backup, whose
 * folder lacks one entry's photo: the entries page names that entry, and the admins' long lists
 * (150 entries of one contest, 250 statement lines) load a page at a time.
 */
const ENTRIES = 150;
const SHOTS = process.env.SCREENSHOT_DIR;

/** A bank's export of `lines` fees paid by UPI, none naming a registration. */
function statementOf(lines: number): Buffer {
  const rows = Array.from({ length: lines }, (_, i) => {
    const utr = String(700000000000 + i);
    return `02/03/27,UPI-PARENT NUMBER ${i}-parent${i}@okaxis-UTIB0000081-${utr}-FEE,0000${utr},02/03/27,,99.00,`;
  });
  return Buffer.from(['Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance', ...rows].join('\n'));
}

/** The list's start and end (where "Load more" is), at a desktop's and a phone's width. */
async function shoot(page: Page, name: string, start: Locator, end: Locator) {
  if (!SHOTS) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await start.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`) });
    // Twice: the thumbnails above may move it as they load.
    await end.scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    await end.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `${name}-end-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a server restored from a backup that lacks one photo lists that entry; entries and statement lines load a page at a time', async ({ browser }) => {
  test.setTimeout(240_000);
  const places = mkdtempSync(join(tmpdir(), 'ktc-e2e-restore-'));
  const servers: RunningServer[] = [];
  try {
    // The season so far: 150 ready photo entries for Drawing, their files on disk.
    const source = join(places, 'data');
    const database = await openDatabase({ kind: 'pglite', dataDir: source });
    const storage = directoryStorage(join(source, 'entries', 'files'));
    const ids: string[] = [];
    let registrationId = '';
    try {
      await seedRegistrations(database, 1);
      registrationId = (await database.rows<{ id: string }>(sql`select id::text as id from registrations`))[0]!.id;
      const start = Date.now() - ENTRIES * 60_000;
      for (let i = 0; i < ENTRIES; i++) ids.push(await storeReadyPhotoEntry(database.db, storage, registrationId, 'drawing', new Date(start + i * 60_000)));
      await database.rows(sql`update entries set created_at = checked_at`);
      // A photo's thumbnail, as the entry worker keeps one.
      await database.rows(sql`update entry_files set poster_key = media_key`);
    } finally {
      await database.close();
    }

    // Last night's backup, written by the running server.
    const server = await startServer({ dataDir: source, env: ADMIN_ENV });
    servers.push(server);
    const backups = join(places, 'backups');
    const backup = await runCli('backup', ['--out', join(backups, 'nightly.tar.gz')], { DATA_DIR: source });
    expect(backup.stdout).toContain(`Entry files: ${ENTRIES} files kept`);
    await server.stop('SIGTERM');

    // The backup's folder lost the newest entry's photo; the organiser restores onto a new machine.
    const lost = ids.at(-1)!;
    unlinkSync(join(backups, 'entry-files', 'files', registrationId, lost, '0.jpg'));
    const restoredDir = join(places, 'restored');
    const restore = await runCli('restore', [join(backups, 'nightly.tar.gz')], { DATA_DIR: restoredDir });
    expect(restore.stderr).toBe('');
    expect(restore.stdout).toContain('1 entry has a missing file');
    const restored = await startServer({ dataDir: restoredDir, env: ADMIN_ENV });
    servers.push(restored);

    const context = await browser.newContext({ baseURL: restored.url, viewport: { width: 1280, height: 800 } });
    await signInAdminRequest(context.request, restored.url);
    const page = await context.newPage();
    await page.goto('/admin/entries?contest=drawing');

    const missing = page.getByRole('region', { name: '1 entry has lost its file' });
    await expect(missing).toBeVisible();
    await expect(missing.getByRole('listitem')).toHaveCount(1);
    await expect(missing.getByRole('listitem')).toContainText(`Drawing Competition, Level 1: 1 file missing (entry ${lost.slice(0, 8)})`);
    await expect(page.getByText(`Showing 100 of ${ENTRIES} entries, newest first.`)).toBeVisible();
    expect(await axeProblems(page)).toEqual([]);
    await shoot(page, 'entries-missing-files', page.getByRole('heading', { level: 1 }), page.getByRole('button', { name: 'Load more' }));
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(page.getByText(`Showing ${ENTRIES} of ${ENTRIES} entries, newest first.`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    // The oldest entry, on the second page.
    await expect(page.getByRole('button', { name: `Play entry ${ids[0]!.slice(0, 8)}` }).or(page.getByRole('img', { name: `Entry ${ids[0]!.slice(0, 8)}, work 1 of 1` }))).toBeVisible();

    await page.goto('/admin/payments');
    await page.getByLabel('Statement file').setInputFiles({ name: 'upi-march.csv', mimeType: 'text/csv', buffer: statementOf(250) });
    await page.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByText(/Read 250 lines: 250 new/)).toBeVisible();
    const lines = page.getByRole('table', { name: 'Statement lines' }).getByRole('row');
    await expect(page.getByText('Showing 200 of 250 lines.')).toBeVisible();
    await expect(lines).toHaveCount(201);
    await shoot(page, 'statement-lines', page.getByRole('heading', { name: 'Statement lines' }), page.getByRole('button', { name: 'Load more lines' }));
    await page.getByRole('button', { name: 'Load more lines' }).click();
    await expect(page.getByText('Showing 250 of 250 lines.')).toBeVisible();
    await expect(lines).toHaveCount(251);
    await expect(page.getByRole('button', { name: 'Load more lines' })).toHaveCount(0);
    await context.close();
  } finally {
    for (const server of servers) await server.stop('SIGKILL').catch(() => {});
    rmSync(places, { recursive: true, force: true });
  }
});
