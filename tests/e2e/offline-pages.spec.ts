import type { Page } from '@playwright/test';
import { expect, test, waitForServiceWorker } from './fixtures';
import { axeProblems } from './outbox-helpers';

// Offline, a page this phone never opened says so inside the site's header and footer and lists
// the pages that are saved (src/app/routes/page-error.tsx, src/lib/pwa/saved-pages.ts).

const LANGS = [
  { prefix: '', home: '/', heading: 'You are offline', notSaved: /not saved on this phone yet/, savedHeading: 'Pages saved on this phone' },
  { prefix: '/ta', home: '/ta/', heading: 'இணைய இணைப்பு இல்லை', notSaved: /இன்னும் இந்த போனில் சேமிக்கப்படவில்லை/, savedHeading: 'இந்த போனில் சேமிக்கப்பட்ட பக்கங்கள்' },
] as const;

async function followFooterLink(page: Page, path: string): Promise<void> {
  await page.getByRole('contentinfo').locator(`a[href="${path}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
}

async function expectNotSaved(page: Page, lang: (typeof LANGS)[number], visited: string[]): Promise<void> {
  const notice = page.locator('[data-page-not-saved]');
  await expect(notice.getByRole('heading', { level: 1 })).toHaveText(lang.heading);
  await expect(notice.getByText(lang.notSaved)).toBeVisible();
  // Inside the visitors' layout: the header and footer are there.
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  const list = notice.getByRole('list', { name: lang.savedHeading });
  for (const path of visited) await expect(list.locator(`a[href="${path}"]`), path).toHaveCount(1);
  // Only this language's pages, never the page asked for.
  const hrefs = await list.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  expect(hrefs.every((href) => (lang.prefix ? href.startsWith('/ta') : !href.startsWith('/ta'))), hrefs.join(' ')).toBe(true);
  expect(hrefs).not.toContain(new URL(page.url()).pathname);
}

for (const lang of LANGS) {
  test(`offline, a page never opened says it is not saved and lists the saved pages (${lang.prefix || '/'})`, async ({ page, context }) => {
    await page.goto(lang.home);
    await waitForServiceWorker(page);
    // Visited in the app (client-side): their chunks come through the worker.
    const about = `${lang.prefix}/about`;
    const terms = `${lang.prefix}/terms`;
    await followFooterLink(page, about);
    await expect(page.locator('h1').first()).toBeVisible();
    await followFooterLink(page, terms);
    await expect(page.locator('h1').first()).toBeVisible();
    // Registration's page is part of the offline core (precached) without ever being opened.
    const visited = [lang.home, about, terms, `${lang.prefix}/registration`];

    await context.setOffline(true);
    // A page never opened, in the app.
    await followFooterLink(page, `${lang.prefix}/faq`);
    await expectNotSaved(page, lang, visited);
    expect(await axeProblems(page)).toEqual([]);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.screenshot({ path: test.info().outputPath(`not-saved-${lang.prefix ? 'ta' : 'en'}-${width}.png`), fullPage: true });
    }

    // Its links open offline.
    await page.locator('[data-page-not-saved]').getByRole('list').locator(`a[href="${about}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${about}$`));
    await expect(page.locator('[data-page-not-saved]')).toHaveCount(0);
    await expect(page.locator('h1').first()).toBeVisible();

    // A full load of an address never opened: the worker answers with the app shell.
    await page.goto(`${lang.prefix}/privacy`);
    await expectNotSaved(page, lang, visited);
    expect(await axeProblems(page)).toEqual([]);
    await page.locator('[data-page-not-saved]').getByRole('list').locator(`a[href="${terms}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${terms}$`));
    await expect(page.locator('[data-page-not-saved]')).toHaveCount(0);
    await expect(page.locator('h1').first()).toBeVisible();
    // A saved page opens from its address too.
    await page.goto(about);
    await expect(page.locator('[data-page-not-saved]')).toHaveCount(0);
    await expect(page.locator('h1').first()).toBeVisible();

    // Online again, the page opens.
    await context.setOffline(false);
    await page.goto(`${lang.prefix}/faq`);
    await expect(page.locator('[data-page-not-saved]')).toHaveCount(0);
    await expect(page.locator('h1').first()).toBeVisible();
  });
}
