import { randomUUID } from 'node:crypto';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/setup/chromium';
import type { BenchContext } from './lib/environment';
import { loopDelayFigure, loopDelayMark, loopDelaySince } from './lib/loop-delay';
import { figure, percentile, type PartResult } from './lib/report';
import { signInWithCode, TEST_TOTP_SECRET } from '../tests/setup/second-factor-codes';

const PART = '6. Venue roster on the phone';
const SESSION_ID = '2027-l1-crawling-t-nagar';
const ADMIN = { username: 'bench-admin', password: 'bench admin passphrase 2027' };
const STAFF = { username: 'bench-staff', password: 'bench staff passphrase 2027' };
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const code = () => `KTC-${Array.from({ length: 8 }, () => CROCKFORD[Math.floor(Math.random() * 32)]).join('').replace(/^(.{4})/, '$1-')}`;

/**
 * Venue mode (ADR 018): a roster of N crawling babies is downloaded into the phone's IndexedDB
 * through the /venue page, then searched offline. Both are timed inside the page with the User
 * Timing API (`venue-roster-download`, `venue-search`), so they count the app's own work.
 */
export async function measureVenueRoster(ctx: BenchContext, options: { entries: number }): Promise<Omit<PartResult, 'seconds'>> {
  const database = await ctx.freshDatabase('venue-roster');
  const server = await ctx.startServer(database, { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, ADMIN_TOTP_SECRET: TEST_TOTP_SECRET, PUBLIC_WRITE_LIMIT_FACTOR: '0' });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    const headers = { Origin: server.url, 'X-Requested-With': 'fetch', 'Content-Type': 'application/json' };
    const names: string[] = [];
    for (let start = 0; start < options.entries; start += 100) {
      const registrations = Array.from({ length: Math.min(100, options.entries - start) }, (_, i) => {
        const n = start + i;
        const name = `Baby ${['Kavin', 'Meera', 'Nila', 'Arjun', 'Diya'][n % 5]} ${n}`;
        names.push(name);
        return {
          id: randomUUID(), referenceCode: code(), type: 'participant', name, age: 5 + (n % 5), email: `f${n}@example.org`,
          phone: `98400${String(10000 + (n % 90000))}`, city: 'Chennai', categories: ['crawling'], agreeTerms: true,
          guardianName: `Parent ${n}`, privacyConsent: true,
        };
      });
      const response = await fetch(`${server.url}/api/registrations/batch`, { method: 'POST', headers, body: JSON.stringify({ registrations }) });
      if (!response.ok) throw new Error(`seeding failed: ${response.status}`);
    }
    const cookie = await signInWithCode(server.url, ADMIN);
    const created = await fetch(`${server.url}/api/staff`, { method: 'POST', headers: { ...headers, Cookie: cookie }, body: JSON.stringify(STAFF) });
    if (created.status !== 201) throw new Error(`staff account: ${created.status}`);

    // The server's share: one full roster answer, read over HTTP (the page's download adds IndexedDB).
    const staffLogin = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers, body: JSON.stringify({ ...STAFF, remember: false }) });
    const staffCookie = /ktc_session=[^;]+/.exec(staffLogin.headers.get('set-cookie') ?? '')?.[0] ?? '';
    const serverStarted = performance.now();
    const roster = (await (await fetch(`${server.url}/api/venue/sessions/${SESSION_ID}/roster`, { headers: { ...headers, Cookie: staffCookie } })).json()) as { entries: unknown[] };
    const serverMs = performance.now() - serverStarted;
    if (roster.entries.length !== options.entries) throw new Error(`roster holds ${roster.entries.length}, expected ${options.entries}`);

    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await page.goto(`/venue?session=${SESSION_ID}`);
    await page.getByLabel('Username').fill(STAFF.username);
    await page.getByLabel('Password').fill(STAFF.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    // Staff name each phone once, before its first roster (tests/e2e/venue-day.spec.ts).
    await page.getByLabel('This device’s name').fill('Bench phone');
    await page.getByRole('button', { name: 'Name this device' }).click();
    const mark = loopDelayMark(server);
    await page.getByRole('button', { name: 'Download roster' }).click();
    // The page writes the count as its catalog's plural does, in the page's locale ("5,000").
    await page.getByText(`${options.entries.toLocaleString('en-IN')} children on this device`).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1100);
    const delay = loopDelaySince(server, mark);
    const downloadMs = await page.evaluate(() => performance.getEntriesByName('venue-roster-download')[0]?.duration ?? null);

    await context.setOffline(true);
    const search = page.getByLabel('Search by name or reference code');
    const queries = ['meera', 'arjun 4', 'baby nila 4999', 'diya 12', 'zzz', 'kavin 0', 'KTC-0000-0000', 'parent 2500'];
    for (const query of queries) {
      await search.fill(query);
      await page.waitForTimeout(50);
    }
    const searchMs = await page.evaluate(() => performance.getEntriesByName('venue-search').map((entry) => entry.duration));
    await context.close();
    const p95 = searchMs.length > 0 ? percentile(searchMs, 95) : null;
    return {
      part: PART,
      figures: [
        figure(PART, `roster download of ${options.entries} entries into IndexedDB`, downloadMs === null ? null : downloadMs / 1000, {
          unit: 's',
          target: '< 3 s',
          pass: downloadMs !== null && downloadMs < 3_000,
        }),
        loopDelayFigure(PART, 'during the download', delay),
        figure(PART, `server's answer for the full roster of ${options.entries} (HTTP, no browser)`, serverMs / 1000, {
          unit: 's',
          note: 'context: the mail worker is still sending the seeded registrations\' confirmations meanwhile',
        }),
        figure(PART, `offline search of ${options.entries} entries, p95 of ${searchMs.length} keystrokes`, p95, {
          unit: 'ms',
          target: '< 50 ms',
          pass: p95 !== null && p95 < 50,
          note: `max ${searchMs.length > 0 ? Math.max(...searchMs).toFixed(1) : 'n/a'} ms`,
        }),
      ],
      details: { entries: options.entries, downloadMs, serverMs, searchMs },
    };
  } finally {
    await browser.close();
    await server.stop();
    server.cleanup();
    await database.dispose();
  }
}
