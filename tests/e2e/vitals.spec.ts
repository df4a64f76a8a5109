import { test as base, expect, type Page } from '@playwright/test';
import { startServer, type RunningServer } from '../setup/server-process';
import { ADMIN } from './fixtures';

// Real visitors' speed (ADR 030) end to end: real page loads in Chromium measure themselves,
// send one beacon when they are left or closed, and the admin reads the p75 in the overview. The
// server of its own measures every page view (VITALS_SAMPLE_RATE=1) instead of half of them.
const test = base.extend<object, { server: RunningServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
    async ({}, use) => {
      const server = await startServer({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, VITALS_SAMPLE_RATE: '1' } });
      await use(server);
      await server.stop();
      server.cleanup();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
});

/** Opens a public page and waits until it has loaded web-vitals (after load and idle), then clicks its heading. */
async function visit(page: Page, path: string) {
  const measuring = page.waitForResponse((response) => response.url().endsWith('/api/vitals/config'));
  await page.goto(path);
  expect((await measuring).status()).toBe(200);
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => /web-vitals|report-vitals/.test(entry.name)));
  // A real interaction, for INP.
  await page.locator('main h1').click();
  await page.waitForTimeout(300);
}

test('a real visit’s speed reaches the overview, per page and language, as one beacon per page view', async ({ page, context }) => {
  // Playwright does not list beacons sent while a page unloads: the page's own sendBeacon is watched instead.
  await context.addInitScript(() => {
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, body) => {
      const sent = JSON.parse(localStorage.getItem('test:beacons') ?? '[]') as string[];
      localStorage.setItem('test:beacons', JSON.stringify([...sent, String(body)]));
      return send(url, body);
    };
  });

  await visit(page, '/');
  // Leaving the page (a full navigation) sends its beacon.
  await visit(page, '/ta/about?from=home#top');
  // Closing the tab sends the second page's.
  await page.close({ runBeforeUnload: true });

  const admin = await context.newPage();
  await admin.goto('/admin');
  const beacons = (JSON.parse((await admin.evaluate(() => localStorage.getItem('test:beacons'))) ?? '[]') as string[]).map(
    (body) => JSON.parse(body) as { page: string; lang: string; metrics: { name: string }[] },
  );
  expect(beacons.map((b) => `${b.page} ${b.lang} ${b.metrics.map((m) => m.name).sort().join(',')}`).sort()).toEqual([
    '/ en CLS,FCP,INP,LCP,TTFB',
    '/about ta CLS,FCP,INP,LCP,TTFB',
  ]);
  expect(JSON.stringify(beacons)).not.toContain('from=home');

  await admin.getByLabel('Username').fill(ADMIN.username);
  await admin.getByLabel('Password').fill(ADMIN.password);
  await admin.getByRole('button', { name: 'Sign In' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Season overview' })).toBeVisible();
  const section = admin.getByRole('region', { name: 'Real visitors’ speed', exact: true });
  await expect(section).toBeVisible();
  const table = section.getByRole('table');
  await expect(table).toContainText('Speed, last 28 days (75th percentile)');

  for (const [path, lang, language] of [['/', 'en', 'English'], ['/about', 'ta', 'Tamil']] as const) {
    const row = table.locator(`tr[data-page="${path}"][data-lang="${lang}"]`);
    await expect(row.getByRole('rowheader')).toHaveText(path);
    await expect(row.getByRole('cell').first()).toHaveText(language);
    for (const metric of ['LCP', 'FCP', 'TTFB', 'CLS', 'INP']) {
      const cell = row.locator(`td[data-metric="${metric}"]`);
      await expect(cell, `${path} ${lang} ${metric}`).toContainText(/(\d+ ms|\d+\.\d s|\d\.\d\d)(good|needs improvement|poor)1 view/);
    }
  }

  // The 7 days show the same visits; staff pages were never measured.
  await section.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(section.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(table).toContainText('last 7 days');
  await expect(table.locator('tr[data-page="/"][data-lang="en"]')).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(2);
});
