import { expect, type Page } from '@playwright/test';
import { signInOnThisPage, testWithOwnServer } from './fixtures';

// Real visitors' speed (ADR 030) end to end: real page loads in Chromium measure themselves,
// send one beacon when they are left or closed, and the admin reads the p75 in the overview. The
// server of its own measures every page view (VITALS_SAMPLE_RATE=1) instead of half of them.
const test = testWithOwnServer({ VITALS_SAMPLE_RATE: '1' });

/** Opens a public page and waits until it has loaded web-vitals (after load and idle), then clicks its heading. */
async function visit(page: Page, path: string) {
  const measuring = page.waitForResponse((response) => response.url().endsWith('/api/vitals/config'));
  await page.goto(path);
  expect((await measuring).status()).toBe(200);
  // web-vitals itself (not only the reporter, which loads it after the config): its listeners are then on.
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => /\/assets\/web-vitals-/.test(entry.name)));
  // A real interaction, for INP.
  await page.locator('main h1').click();
  await page.waitForTimeout(300);
  // The page turns hidden, as when a parent switches to WhatsApp: web-vitals finalises LCP, CLS and
  // INP then, and the page sends its one beacon. (A page being closed or left sends it too, but a
  // beacon from a page already going away is best effort: in CI it was sometimes never sent.)
  const before = await beaconCount(page);
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect.poll(() => beaconCount(page)).toBe(before + 1);
}

const beaconCount = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('test:beacons') ?? '[]') as string[]).length);

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
  await visit(page, '/ta/about?from=home#top');
  // Leaving a page whose beacon is sent adds none: one beacon per page view.
  await page.goto('about:blank');

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

  await signInOnThisPage(admin);
  await expect(admin.getByRole('heading', { level: 1, name: 'Season overview' })).toBeVisible();
  // The closing tab's beacon travels on its own: wait until the server has stored both views.
  await expect
    .poll(async () => {
      const response = await admin.request.get('/api/overview/vitals?days=28');
      return response.ok() ? JSON.stringify(await response.json()) : '';
    }, { timeout: 20_000 })
    .toContain('"/about"');
  await admin.reload();
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
