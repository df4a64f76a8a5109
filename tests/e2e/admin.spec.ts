import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { createReferenceCode } from '../../domain/reference-code';
import { ADMIN, completeSecondFactor, expect, signInAdminRequest, signInOnThisPage, test as withServer } from './fixtures';

type Cookies = Parameters<BrowserContext['addCookies']>[0];

/**
 * One admin session per worker, signed in once through the API: the tests that are not about
 * signing in start from it. A code is good once, and a server takes three a half-minute
 * (tests/setup/second-factor-codes.ts): signing in through the page for each test made most of
 * them wait for the next step, about 25 s each.
 */
const test = withServer.extend<object, { adminCookies: Cookies }>({
  adminCookies: [
    async ({ server, playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: server.url });
      await signInAdminRequest(request, server.url);
      const { cookies } = await request.storageState();
      await request.dispose();
      await use(cookies);
    },
    { scope: 'worker' },
  ],
});

/** A fresh tag per test keeps tests independent on the worker's shared server. */
function tag(): string {
  return `t${randomUUID().slice(0, 8)}`;
}

type Seed = { name: string; city?: string; categories?: string[]; age?: number; phone?: string };

function payload(seed: Seed) {
  return {
    id: randomUUID(),
    referenceCode: createReferenceCode(),
    type: 'participant',
    name: seed.name,
    age: seed.age ?? 8,
    email: `${seed.name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.org`,
    phone: seed.phone ?? `98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    city: seed.city ?? 'Chennai',
    instituteName: 'Little Stars School',
    categories: seed.categories ?? ['dance'],
    agreeTerms: true,
  };
}

/** Seeds registrations through the public batch API, as the offline outbox would send them. */
async function seed(request: APIRequestContext, seeds: Seed[]) {
  const registrations = seeds.map(payload);
  const response = await request.post('/api/registrations/batch', { data: { registrations } });
  expect(response.status()).toBe(200);
  const { results } = (await response.json()) as { results: { status: string }[] };
  expect(results.map((r) => r.status)).toEqual(seeds.map(() => 'created'));
  return registrations;
}

/** Opens an admin page in the worker's admin session. */
async function openSignedIn(page: Page, path: string, cookies: Cookies) {
  await page.context().addCookies(cookies);
  await page.goto(path);
  await expect(page).toHaveURL(path);
}

/** An API client with its own admin session, standing in for a second admin. */
async function otherAdmin(request: APIRequestContext, origin: string) {
  await signInAdminRequest(request, origin);
  return { Origin: origin, 'X-Requested-With': 'fetch' };
}

/** Opens an admin page from the bar: the less-used pages are under "More" on a laptop. */
async function openFromBar(page: Page, name: string) {
  const nav = page.getByRole('navigation', { name: 'Admin' });
  const link = nav.getByRole('link', { name, exact: true });
  if (!(await link.isVisible())) await nav.getByRole('button', { name: 'More' }).click();
  await link.click();
}

function rowOf(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text });
}

/** The registrations table's own box: its inline editor has a City field like the filters'. */
function table(page: Page) {
  return page.getByRole('region', { name: 'Registrations table' });
}

function namesInTable(page: Page) {
  return page.locator('tbody tr:not(.admin-spacer) td:first-child .admin-row__name').allTextContents();
}

test.describe('admin registrations', () => {
  test('a visitor without a session is sent to login and back to the page asked for', async ({ page }) => {
    await page.goto('/admin/registrations?q=Priya');
    await expect(page).toHaveURL('/admin/login?next=%2Fadmin%2Fregistrations%3Fq%3DPriya');
    await expect(page.getByRole('heading', { name: 'Admin sign in' })).toBeVisible();
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByLabel('Remember me for 30 days').check();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('button', { name: 'Signing in...' })).toBeVisible();
    await completeSecondFactor(page);
    await expect(page).toHaveURL('/admin/registrations?q=Priya');
    await expect(page.getByRole('heading', { name: 'Registrations' })).toBeVisible();
    await expect(page.getByLabel('Search registrations')).toHaveValue('Priya');
    // The page's old address (bookmarks, older links) opens it with the same filters.
    await page.goto('/admin/users?q=Priya');
    await expect(page).toHaveURL('/admin/registrations?q=Priya');
    await expect(page.getByLabel('Search registrations')).toHaveValue('Priya');
  });

  test('search, filter and sort run on the server, live in the URL, and Back undoes them', async ({ page, request, adminCookies }) => {
    const t = tag();
    await seed(request, [
      { name: `Meera ${t}`, city: 'Adyar', categories: ['yoga'] },
      { name: `Arjun ${t}`, city: 'Velachery', categories: ['dance'] },
      { name: `Kavya ${t}`, city: 'Adyar', categories: ['dance', 'singing'] },
    ]);
    await openSignedIn(page, '/admin/registrations', adminCookies);

    await page.getByLabel('Search registrations').fill(t);
    await expect(page).toHaveURL(`/admin/registrations?q=${t}`);
    await expect(page.getByText(/^Showing 3 of \d+ registrations$/)).toBeVisible();
    expect(await namesInTable(page)).toEqual([`Arjun ${t}`, `Kavya ${t}`, `Meera ${t}`]);

    // The filters sit beside the search, in view without opening anything.
    await page.getByLabel('City', { exact: true }).selectOption('Adyar');
    await expect(page).toHaveURL(`/admin/registrations?q=${t}&city=Adyar`);
    await expect(page.getByText(/^Showing 2 of \d+ registrations$/)).toBeVisible();
    expect(await namesInTable(page)).toEqual([`Kavya ${t}`, `Meera ${t}`]);

    await page.getByRole('button', { name: /^City/ }).click();
    await page.getByRole('button', { name: /^Name/ }).click();
    await expect(page.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    await page.getByRole('button', { name: /^Name/ }).click();
    await expect(page.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/sort=name&dir=desc/);
    await expect.poll(() => namesInTable(page)).toEqual([`Meera ${t}`, `Kavya ${t}`]);

    // The reference code is searchable too.
    await page.goBack();
    await expect(page.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(() => namesInTable(page)).toEqual([`Kavya ${t}`, `Meera ${t}`]);
  });

  test('the reference code is shown and searchable', async ({ page, request, adminCookies }) => {
    const t = tag();
    const [child] = await seed(request, [{ name: `Ref ${t}` }]);
    await openSignedIn(page, '/admin/registrations', adminCookies);
    await page.getByLabel('Search registrations').fill(child!.referenceCode);
    await expect(rowOf(page, `Ref ${t}`)).toContainText(child!.referenceCode);
    await expect(page.getByText(/^Showing 1 of \d+ registrations$/)).toBeVisible();
  });

  test('inline edit saves and flashes green; a stale edit gets a clear 409', async ({ page, request, server, adminCookies }) => {
    const t = tag();
    const [child] = await seed(request, [{ name: `Nila ${t}`, city: 'Guindy' }]);
    await openSignedIn(page, `/admin/registrations?q=${t}`, adminCookies);

    await rowOf(page, `Nila ${t}`).getByRole('button', { name: /^Edit/ }).click();
    await table(page).getByLabel('City').fill('Tambaram');
    // Record the row's colour on the first frame the flash appears: the flash lasts 1.6 s, and a
    // loaded machine can take longer than that between two separate assertions.
    await page.evaluate(() => {
      const page = window as unknown as { flashColour?: string };
      const watch = () => {
        const flashing = document.querySelector('.admin-row--saved');
        if (flashing) page.flashColour = getComputedStyle(flashing).backgroundColor;
        else requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    await page.getByRole('button', { name: 'Save' }).click();
    const row = rowOf(page, `Nila ${t}`);
    await expect(row).toContainText('Tambaram');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { flashColour?: string }).flashColour ?? null))
      .not.toBeNull();
    const background = await page.evaluate(() => (window as unknown as { flashColour?: string }).flashColour ?? '');
    const [red, green, blue] = (background.match(/\d+/g) ?? []).map(Number);
    expect(green).toBeGreaterThan((red ?? 255) + 10); // a green tint, not the plain white row
    expect(green).toBeGreaterThan((blue ?? 255) + 5);
    await expect(row).not.toHaveClass(/admin-row--saved/, { timeout: 5_000 });

    // Open the editor, then another admin saves first.
    await row.getByRole('button', { name: /^Edit/ }).click();
    const headers = await otherAdmin(request, server.url);
    const current = await request.get(`/api/registrations/${child!.id}`);
    const { registration } = (await current.json()) as { registration: { version: number } & Record<string, unknown> };
    const theirs = await request.put(`/api/registrations/${child!.id}`, {
      headers,
      data: { ...payload({ name: `Nila ${t}`, city: 'Porur' }), id: undefined, referenceCode: undefined, agreeTerms: undefined, version: registration.version },
    });
    expect(theirs.status()).toBe(200);

    await table(page).getByLabel('Phone').fill('9000000001');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert')).toContainText('Someone else changed this registration');
    await page.getByRole('button', { name: 'Load their version' }).click();
    await expect(table(page).getByLabel('City')).toHaveValue('Porur');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(rowOf(page, `Nila ${t}`)).toContainText('Porur');
  });

  test('with reduced motion the saved row turns green without animating', async ({ page, request, adminCookies }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const t = tag();
    await seed(request, [{ name: `Calm ${t}`, city: 'Guindy' }]);
    await openSignedIn(page, `/admin/registrations?q=${t}`, adminCookies);
    await rowOf(page, `Calm ${t}`).getByRole('button', { name: /^Edit/ }).click();
    await table(page).getByLabel('City').fill('Porur');
    await page.getByRole('button', { name: 'Save' }).click();
    const row = rowOf(page, `Calm ${t}`);
    await expect(row).toHaveClass(/admin-row--saved/);
    expect(await row.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    expect(await row.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(227, 246, 232)');
    await expect(row.getByRole('button', { name: /^Edit/ })).toBeFocused();
  });

  test('delete fades the row out, and Undo brings it back', async ({ page, request, adminCookies }) => {
    const t = tag();
    await seed(request, [{ name: `Ravi ${t}` }, { name: `Sita ${t}` }]);
    await openSignedIn(page, `/admin/registrations?q=${t}`, adminCookies);
    await expect(page.getByText(/^Showing 2 of \d+ registrations$/)).toBeVisible();

    await rowOf(page, `Ravi ${t}`).getByRole('button', { name: /^Delete/ }).click();
    await expect(rowOf(page, `Ravi ${t}`)).toHaveCount(0);
    await expect(page.getByText(/^Showing 1 of \d+ registrations$/)).toBeVisible();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(rowOf(page, `Ravi ${t}`)).toHaveCount(1);
    await expect(page.getByText(/^Showing 2 of \d+ registrations$/)).toBeVisible();
    await page.reload();
    await expect(rowOf(page, `Ravi ${t}`)).toHaveCount(1);
  });

  test('Export CSV downloads the filtered rows, UTF-8 with a BOM', async ({ page, request, adminCookies }) => {
    const t = tag();
    await seed(request, [
      { name: `Lakshmi ${t}`, city: 'Mylapore' },
      { name: `Gopal ${t}`, city: 'Anna Nagar' },
    ]);
    await openSignedIn(page, `/admin/registrations?q=${t}&city=Mylapore`, adminCookies);
    await expect(page.getByText(/^Showing 1 of \d+ registrations$/)).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    const bytes = readFileSync((await download.path()) ?? '');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text).toContain(`Lakshmi ${t}`);
    expect(text).not.toContain(`Gopal ${t}`);
  });

  test('a long list keeps only the rows in view in the page and loads the next page near the bottom', async ({ page, request, adminCookies }) => {
    const t = tag();
    const seeds = Array.from({ length: 250 }, (_, i) => ({ name: `Row ${String(i).padStart(3, '0')} ${t}` }));
    for (let start = 0; start < seeds.length; start += 100) await seed(request, seeds.slice(start, start + 100));
    await openSignedIn(page, `/admin/registrations?q=${t}`, adminCookies);
    await expect(page.getByText(/^Showing 250 of \d+ registrations$/)).toBeVisible();
    const rendered = page.locator('tbody tr:not(.admin-spacer)');
    expect(await rendered.count()).toBeLessThan(60);

    const box = page.getByRole('region', { name: 'Registrations table' });
    for (let i = 0; i < 20 && (await rowOf(page, `Row 249 ${t}`).count()) === 0; i++) {
      await box.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      await page.waitForTimeout(300);
    }
    await expect(rowOf(page, `Row 249 ${t}`)).toBeVisible();
    expect(await rendered.count()).toBeLessThan(60);
    await expect(rowOf(page, `Row 000 ${t}`)).toHaveCount(0);
  });

  test('at 1280×800 the table shows 15 rows or more under a header that stays, in a shell without the public site, and / jumps to the search', async ({ page, request, adminCookies }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const t = tag();
    // Enough rows to scroll the table's box even now that the admin bar is one line and it is taller.
    await seed(request, Array.from({ length: 40 }, (_, i) => ({ name: `Dense ${String(i).padStart(2, '0')} ${t}` })));
    await openSignedIn(page, '/admin/registrations', adminCookies);
    await expect(page.getByText(/^Showing \d+ of \d+ registrations$/)).toBeVisible();
    const rows = page.locator('tbody tr.admin-row');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(20);

    // Rows wholly on screen: inside the window and inside the table's own scrolling box.
    const rowsInView = () =>
      page.evaluate(() => {
        const box = document.querySelector('.admin-table-scroll')?.getBoundingClientRect();
        if (!box) return 0;
        return [...document.querySelectorAll('tbody tr.admin-row')].filter((row) => {
          const { top, bottom } = row.getBoundingClientRect();
          return top >= Math.max(0, box.top) && bottom <= Math.min(window.innerHeight, box.bottom);
        }).length;
      });
    expect(await rowsInView()).toBeGreaterThanOrEqual(15);

    // Scrolled, the table keeps its header row at the top of its box, in view.
    const box = table(page);
    await box.evaluate((el) => el.scrollTo({ top: 300 }));
    await expect.poll(() => box.evaluate((el) => el.scrollTop)).toBeGreaterThanOrEqual(200);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const tops = () =>
      page.evaluate(() => {
        const top = (selector: string) => document.querySelector(selector)?.getBoundingClientRect().top ?? Number.NaN;
        return { box: top('.admin-table-scroll'), thead: top('.admin-table--registrations thead') };
      });
    await expect.poll(async () => (await tops()).thead).toBeGreaterThanOrEqual(0);
    const { box: boxTop, thead } = await tops();
    expect(thead).toBeLessThan(800);
    expect(Math.abs(thead - boxTop)).toBeLessThan(3);
    await expect(page.getByRole('columnheader', { name: /^Name/ })).toBeInViewport();

    // The admin's own compact header; none of the public site's header, menu, footer or background.
    await expect(page.getByRole('banner')).toContainText('Admin');
    await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
    await expect(page.locator('.site-header, .site-footer, .site-sidebar, .site-background, canvas')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);

    // "/" from outside a field goes to the search box, and is not typed into it.
    const search = page.getByLabel('Search registrations');
    await expect(search).toHaveAttribute('aria-keyshortcuts', '/');
    await expect(page.getByText('Press / to search')).toBeVisible();
    await page.getByRole('heading', { level: 1, name: 'Registrations' }).click();
    await page.keyboard.press('/');
    await expect(search).toBeFocused();
    await expect(search).toHaveValue('');
  });

  test('at 1280×800 every row is one line, with the cash fee in its own column and long numbers inside theirs, under a one-line admin bar', async ({ page, request, adminCookies }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const t = tag();
    // The rows that used to take two lines: a fee badge, a long phone number, flags after a long name.
    const seeds: Seed[] = [
      { name: `Feeunpaid Crawler ${t}`, categories: ['crawling'], age: 7, phone: '+917433438407' },
      { name: `Twin Sample ${t}`, phone: '+919876543210' },
      { name: `Twin Sample ${t}`, phone: '+919876543210' },
      { name: `Venkatanarasimharajuvaripeta Subramaniam ${t}`, city: 'Porur', phone: '+917433438407' },
      ...Array.from({ length: 8 }, (_, i) => ({ name: `Plain ${i} ${t}` })),
    ];
    await seed(request, seeds);
    await openSignedIn(page, `/admin/registrations?q=${t}`, adminCookies);
    await expect(page.getByText(/^Showing 12 of [\d,]+ registrations$/)).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Cash fee' })).toBeVisible();
    await expect(rowOf(page, `Feeunpaid Crawler ${t}`).getByRole('cell', { name: 'Unpaid', exact: true })).toBeVisible();
    await expect(rowOf(page, `Twin Sample ${t}`).first()).toContainText('Duplicate?');

    const layout = await page.evaluate(() => {
      const rows = [...document.querySelectorAll('tbody tr.admin-row')];
      const overlaps: string[] = [];
      for (const row of rows) {
        [...row.querySelectorAll(':scope > td')].forEach((cell, index) => {
          // Content wider than its cell is drawn over the next one, unless the cell cuts it off (with the whole in its title).
          if (cell.scrollWidth <= cell.clientWidth + 1) return;
          const clipped = getComputedStyle(cell).overflowX !== 'visible';
          if (!clipped || !cell.getAttribute('title')) overlaps.push(`${row.textContent?.slice(0, 30)} cell ${index}: ${cell.scrollWidth} > ${cell.clientWidth}`);
        });
      }
      const nav = document.querySelector('.admin-nav ul')?.getBoundingClientRect();
      const link = document.querySelector('.admin-nav a')?.getBoundingClientRect();
      return { heights: rows.map((row) => Math.round(row.getBoundingClientRect().height)), overlaps, navHeight: nav?.height ?? 0, linkHeight: link?.height ?? 0 };
    });
    expect(layout.heights.length).toBe(12);
    expect(new Set(layout.heights).size, `row heights ${layout.heights.join(', ')}`).toBe(1);
    expect(layout.overlaps).toEqual([]);
    // The admin bar's links are one line at 1280 px.
    expect(layout.navHeight).toBeLessThan(layout.linkHeight * 1.5);
    const header = await page.getByRole('banner').boundingBox();
    expect(header!.height).toBeLessThan(2 * layout.linkHeight + 8);

    // "More" opens by keyboard, Escape closes it and gives the focus back, and a page in it is reached.
    const more = page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'More' });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Judge applications' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(more).toBeFocused();
    await expect(page.getByRole('link', { name: 'Audit log' })).toBeHidden();
    await page.keyboard.press('Enter');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Audit log' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(more).toHaveClass(/is-current/);
  });

  test('Sign out ends the session on the server', async ({ page }) => {
    await page.goto('/admin/registrations');
    await signInOnThisPage(page);
    await expect(page).toHaveURL('/admin/registrations');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/admin/login');
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
    await page.goto('/admin/judges');
    await expect(page).toHaveURL('/admin/login?next=%2Fadmin%2Fjudges');
  });
});

const ADMIN_PAGES = [
  { path: '/admin/registrations', heading: 'Registrations' },
  { path: '/admin/judges', heading: 'Judge applications' },
  { path: '/admin/contact', heading: 'Contact messages' },
  { path: '/admin/newsletter', heading: 'Newsletter subscribers' },
  { path: '/admin/audit', heading: 'Audit log' },
];

test.describe('admin access', () => {
  test('every admin page sends a visitor without a session to login', async ({ page }) => {
    for (const { path } of [...ADMIN_PAGES, { path: '/admin' }]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin\/login\?next=/);
      await expect(page.getByRole('heading', { name: 'Admin sign in' })).toBeVisible();
    }
  });

  test('with a session every admin page shows its heading, without errors', async ({ page, problems, adminCookies }) => {
    await openSignedIn(page, '/admin/registrations', adminCookies);
    for (const { path, heading } of ADMIN_PAGES) {
      await openFromBar(page, navLabel(heading));
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(/^(Loading|Failed)/).filter({ visible: true })).toHaveCount(0);
    }
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Season overview' })).toBeVisible();
    // The only expected failure is the session probe (401) before sign-in.
    expect(problems.failedRequests.filter((r) => !r.includes('/api/auth/me'))).toEqual([]);
    expect(problems.consoleErrors.filter((e) => !e.includes('status of 401'))).toEqual([]);
  });

  test('wrong credentials say so; after five failures the wait is shown', async ({ page }) => {
    await page.goto('/admin/login');
    const username = `intruder-${tag()}`;
    for (let attempt = 1; attempt <= 5; attempt++) {
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password').fill(`wrong password ${attempt}`);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByRole('alert')).toHaveText('Wrong username or password.');
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    }
    await page.getByLabel('Password').fill('wrong password 6');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/);
  });
});

const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('other admin lists', () => {
  test('judge applications with photo, contact messages marked handled, newsletter export, audit log', async ({ page, request, adminCookies }) => {
    const t = tag();
    const judge = await request.post('/api/judges', {
      multipart: {
        id: randomUUID(),
        name: `Judge ${t}`,
        expertise: 'Classical Dancer',
        experience: '12',
        bio: 'Bharatanatyam teacher for twelve years.',
        photo: { name: 'photo.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG },
      },
    });
    expect(judge.status()).toBe(201);
    const contact = await request.post('/api/contact', {
      data: { id: randomUUID(), name: `Parent ${t}`, email: 'parent@example.org', phone: '9876543210', subject: `Venue ${t}`, message: 'Where is level 2?', contactMethod: 'Phone' },
    });
    expect(contact.status()).toBe(201);
    const email = `${t}@example.org`;
    expect((await request.post('/api/newsletter', { data: { id: randomUUID(), email } })).status()).toBe(200);

    await openSignedIn(page, '/admin/judges', adminCookies);
    const judgeRow = rowOf(page, `Judge ${t}`);
    await expect(judgeRow).toContainText('12 years');
    const photo = judgeRow.getByRole('img', { name: `Judge ${t}` });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

    await openFromBar(page, 'Contact messages');
    const message = rowOf(page, `Venue ${t}`);
    await message.getByRole('button', { name: /^Mark handled/ }).click();
    await expect(message).toContainText(`Handled by ${ADMIN.username}`);
    await expect(message.getByRole('button', { name: /^Mark unhandled/ })).toBeVisible();

    await openFromBar(page, 'Newsletter');
    await expect(rowOf(page, email)).toHaveCount(1);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(readFileSync((await download.path()) ?? '', 'utf8')).toContain(email);

    await openFromBar(page, 'Audit log');
    await expect(page.getByRole('cell', { name: 'Marked message handled' }).first()).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Signed in' }).first()).toBeVisible();
  });
});

const AXE_SOURCE = readFileSync(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');

/** Runs axe in the page (evaluate is not subject to the page's CSP) and returns the violations. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    // axe was just evaluated into the page; it is not part of the page's own types.
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document);
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

test.describe('admin pages at 1280 and 375 px', () => {
  for (const width of [1280, 375]) {
    test(`login, table, filters and inline edit are axe-clean and the page never scrolls sideways at ${width} px`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 900 });
      const t = tag();
      await seed(request, [{ name: `Axe ${t}`, categories: ['crawling'], age: 7 }, { name: `Bee ${t}` }]);
      await page.goto('/admin/login');
      await page.getByRole('button', { name: 'Contact administrator' }).click();
      expect(await axeViolations(page)).toEqual([]);

      await signInOnThisPage(page);
      // Signing in opens the season overview; the registrations table has its own page.
      await expect(page.getByRole('heading', { name: 'Season overview' })).toBeVisible();
      await page.goto('/admin/registrations');
      await page.getByLabel('Search registrations').fill(t);
      await expect(page.getByText(/^Showing 2 of \d+ registrations$/)).toBeVisible();
      await expect(rowOf(page, `Axe ${t}`)).toContainText('7 mo');
      expect(await axeViolations(page)).toEqual([]);
      const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
      expect(await pageWidth()).toBeLessThanOrEqual(width);

      // On a laptop the filters are always in view; a phone unfolds them with a button.
      const filtersButton = page.getByRole('button', { name: 'Filters', exact: true });
      if (width < 640) {
        await expect(page.getByLabel('Category')).toBeHidden();
        await filtersButton.click();
        await expect(filtersButton).toHaveAttribute('aria-expanded', 'true');
      } else {
        await expect(filtersButton).toBeHidden();
      }
      await expect(page.getByLabel('Category')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      expect(await pageWidth()).toBeLessThanOrEqual(width);

      await rowOf(page, `Axe ${t}`).getByRole('button', { name: /^Edit/ }).click();
      await page.getByRole('button', { name: '1 chosen' }).click();
      expect(await axeViolations(page)).toEqual([]);
      expect(await pageWidth()).toBeLessThanOrEqual(width);
    });
  }
});

function navLabel(heading: string): string {
  return heading === 'Newsletter subscribers' ? 'Newsletter' : heading;
}
