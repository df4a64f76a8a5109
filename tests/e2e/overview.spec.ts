import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import { CATEGORY_SLUGS } from '../../domain/categories';
import { createReferenceCode } from '../../domain/reference-code';
import { signInOnThisPage, testWithOwnServer } from './fixtures';

// The season overview (/admin) over 1,000 registrations sent through the public batch API, on a
// server of its own without the public write limits.
const test = testWithOwnServer({ PUBLIC_WRITE_LIMIT_FACTOR: '0' });

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const CITIES = ['Chennai', 'Madurai', 'Coimbatore', 'Salem', 'Trichy', 'Erode', 'Vellore', 'Tirunelveli', 'Thanjavur', 'Karur', 'Hosur', 'Ooty', 'Theni'];
const CHILD = CATEGORY_SLUGS.filter((slug) => slug !== 'crawling' && slug !== 'fastest-walking');

function registration(i: number) {
  const base = { id: randomUUID(), referenceCode: createReferenceCode(), email: `family${i}@example.org`, phone: `98${String(i).padStart(8, '0')}`, agreeTerms: true, city: CITIES[(i * 7) % CITIES.length] as string };
  if (i % 20 === 0) return { ...base, type: 'institute', instituteName: `School ${i}`, categories: [CHILD[i % CHILD.length], CHILD[(i + 3) % CHILD.length]] };
  if (i % 10 === 5) return { ...base, type: 'participant', name: `Baby ${i}`, age: 5 + (Math.floor(i / 10) % 5), categories: ['crawling'] };
  return { ...base, type: 'participant', name: `Child ${i}`, age: 3 + (i % 12), categories: [CHILD[i % CHILD.length]] };
}

test.beforeAll(async ({ request }) => {
  for (let start = 0; start < 1000; start += 100) {
    const registrations = Array.from({ length: 100 }, (_, k) => {
      const record = registration(start + k);
      // Every third record was saved on a field device some minutes before it was sent.
      return (start + k) % 3 === 0 ? { ...record, savedAt: new Date(Date.now() - ((start + k) % 60) * 60_000).toISOString() } : record;
    });
    const response = await request.post('/api/registrations/batch', { data: { registrations } });
    expect(response.status()).toBe(200);
    const { results } = (await response.json()) as { results: { status: string }[] };
    expect(results.filter((r) => r.status !== 'created')).toEqual([]);
  }
});

async function openOverview(page: Page) {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login\?next=/);
  await signInOnThisPage(page);
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Season overview' })).toBeVisible();
  await expect(page.getByText('1,000 registrations counted')).toBeVisible();
}

const chart = (page: Page, title: string) => page.getByRole('region', { name: title });

test('renders every chart over 1,000 registrations, with the retention date', async ({ page }) => {
  await openOverview(page);
  for (const title of ['Registrations per day', 'Per contest', 'Per city', 'Participants and institutes', 'Baby contests by age', 'Field health: device to server']) {
    await expect(chart(page, title).getByRole('heading', { name: title })).toBeVisible();
  }
  await expect(chart(page, 'Participants and institutes').getByRole('link', { name: /^Institutes\s*: 50 registrations/ })).toBeVisible();
  await expect(chart(page, 'Participants and institutes').getByRole('link', { name: /^Participants \(children\)\s*: 950 registrations/ })).toBeVisible();
  await expect(chart(page, 'Per city').getByRole('listitem')).toHaveCount(11);
  await expect(chart(page, 'Per city').getByText('3 other cities')).toBeVisible();
  await expect(page.getByText(/1,000 registrations \(and 0 judge applications, 0 contact messages\) will be erased on \d+ \w+ \d{4}/)).toBeVisible();
  await expect(chart(page, 'Field health: device to server').getByRole('link', { name: /median/ })).toHaveCount(1);
});

test('a bar click opens the registrations table filtered to it', async ({ page }) => {
  await openOverview(page);
  await chart(page, 'Baby contests by age').getByRole('link', { name: /^Crawling: 7 months\s*: 20 babies/ }).click();
  await expect(page).toHaveURL('/admin/registrations?category=crawling&ageMonths=7');
  await expect(page.getByText('Showing 20 of 1,000 registrations')).toBeVisible();
  await expect(page.getByText('Aged 7 months')).toBeVisible();

  await page.goBack();
  await chart(page, 'Participants and institutes').getByRole('link', { name: /^Institutes/ }).click();
  await expect(page).toHaveURL('/admin/registrations?type=institute');
  await expect(page.getByText('Showing 50 of 1,000 registrations')).toBeVisible();

});

test('registrations per day: a uPlot chart with a caption, a data table with the running total, and a day opens its registrations', async ({ page }) => {
  await openOverview(page);
  const now = new Date();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(now);
  const todayShort = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' }).format(now);
  const perDay = chart(page, 'Registrations per day');
  // The drawing is for the eyes only; the caption says it in words.
  await expect(perDay.getByRole('figure', { name: `1,000 registrations on ${todayShort}.` })).toBeVisible();
  const canvas = perDay.locator('canvas');
  await expect(canvas).toBeVisible();
  expect(await canvas.evaluate((el) => el.closest('[aria-hidden="true"]') !== null)).toBe(true);
  await expect(chart(page, 'Money collected per day').getByText('No money collected yet.')).toBeVisible();

  await perDay.getByRole('button', { name: 'Show data table' }).click();
  const rows = await perDay.getByRole('table').locator('tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent)));
  expect(rows).toEqual([
    ['Day', 'Registrations', 'Total so far'],
    [todayShort, '1,000', '1,000'],
  ]);
  const [download] = await Promise.all([page.waitForEvent('download'), perDay.getByRole('link', { name: /Download CSV/ }).click()]);
  expect(download.suggestedFilename()).toBe('overview-per-day.csv');
  const csv = readFileSync((await download.path()) ?? '', 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(csv).toEqual(['Day,Registrations,Total so far', `${today},1000,1000`]);

  await perDay.getByRole('link', { name: todayShort }).click();
  await expect(page).toHaveURL(`/admin/registrations?day=${today}`);
  await expect(page.getByText('Showing 1,000 of 1,000 registrations')).toBeVisible();

  // A click on the day's bar goes to the same list.
  await page.goBack();
  await perDay.locator('.u-over').click();
  await expect(page).toHaveURL(`/admin/registrations?day=${today}`);
});

test('the data tables and the CSV downloads match the database', async ({ page }) => {
  await openOverview(page);
  const contests = chart(page, 'Per contest');
  await contests.getByRole('button', { name: 'Show data table' }).click();
  const rows = await contests.getByRole('table').locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => [tr.querySelector('th')?.textContent ?? '', Number(tr.querySelector('td')?.textContent ?? 'NaN')] as const),
  );
  expect(rows).toHaveLength(12);
  const [download] = await Promise.all([page.waitForEvent('download'), contests.getByRole('link', { name: /Download CSV/ }).click()]);
  const csv = readFileSync((await download.path()) ?? '', 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(csv[0]).toBe('Contest,Entries');
  expect(csv.slice(1)).toEqual(rows.map(([label, n]) => `${/[",]/.test(label) ? `"${label}"` : label},${n}`));
  // The database's own answer for each contest: the filtered count of the registrations list.
  for (const [index, slug] of CATEGORY_SLUGS.entries()) {
    const answer = await page.request.get(`/api/registrations?category=${slug}&limit=1`);
    const { filtered } = (await answer.json()) as { filtered: number };
    expect(rows[index]?.[1], slug).toBe(filtered);
  }
});

test('is axe-clean and works at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openOverview(page);
  await chart(page, 'Per city').getByRole('button', { name: 'Show data table' }).click();
  await chart(page, 'Registrations per day').getByRole('button', { name: 'Show data table' }).click();
  await expect(chart(page, 'Registrations per day').locator('canvas')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  expect(violations).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('overview-375.png'), fullPage: true });
});
