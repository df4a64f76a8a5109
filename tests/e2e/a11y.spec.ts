import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openLive, signInOnThisPage, test as withServer } from './fixtures';
import { registerChildByApi, tokenInMailFolder } from './outbox-helpers';
import { PUBLIC_ROUTES, TAMIL_ROUTES } from './public-routes';

// axe-core's source, injected with page.evaluate (our CSP forbids inline script tags).
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    // axe is the global the injected source defines.
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

// Reveal-on-scroll fades would otherwise catch axe mid-fade; the reduced-motion page is identical
// apart from motion.
const REDUCED_MOTION = 'reduce' as const;

/**
 * One page per worker for the public routes, so each route is a visit with the site already
 * cached (as a parent's second page is): a fresh browser per route spent most of its time
 * fetching and installing the same files again, not checking.
 */
const test = withServer.extend<object, { routePage: Page }>({
  routePage: [
    async ({ browser, server }, use) => {
      const context = await browser.newContext({ baseURL: server.url, reducedMotion: REDUCED_MOTION });
      await use(await context.newPage());
      await context.close();
    },
    { scope: 'worker' },
  ],
});
test.use({ reducedMotion: REDUCED_MOTION });

/** No serious axe finding, and headings that start at h1 and never skip a level. */
async function checkPage(page: Page) {
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);
  const levels = await page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((headings) =>
    headings.filter((h) => !h.closest('[hidden]')).map((h) => Number(h.tagName.slice(1))),
  );
  expect(levels[0]).toBe(1);
  for (let i = 1; i < levels.length; i++) {
    expect(levels[i]! - levels[i - 1]!, `heading levels ${levels.join(',')} skip a level`).toBeLessThanOrEqual(1);
  }
}


test.describe('accessibility (axe-core, WCAG 2.x A and AA)', () => {
  for (const route of [...PUBLIC_ROUTES, ...TAMIL_ROUTES]) {
    test(`${route.path} has no serious or critical violations and its headings are in order`, async ({ routePage: page }) => {
      await page.goto(route.path);
      await expect(page.locator('main h1')).toBeVisible();
      await checkPage(page);
    });
  }

  test('the family page behind an emailed link, a forged link and the admin erasure requests are clean', async ({ page, server }) => {
    // Registered through the API; with no SMTP_URL the server writes the email to DATA_DIR/mail.
    const referenceCode = await registerChildByApi(page.request, {
      name: 'Axe Family',
      email: 'axe.family@example.org',
      guardianName: 'Axe Parent',
      categories: ['drawing', 'yoga'],
    });
    let token: string | null = null;
    await expect.poll(async () => (token = await tokenInMailFolder(join(server.dataDir, 'mail'), referenceCode)), { timeout: 30_000 }).not.toBeNull();

    await page.goto(`/my/${token}`);
    await expect(page.getByText(`Reference code ${referenceCode}`)).toBeVisible();
    await checkPage(page);
    await page.getByRole('button', { name: 'Correct details' }).click();
    await expect(page.getByRole('button', { name: 'Save corrections' })).toBeVisible();
    await checkPage(page);

    await page.goto(`/my/${'B'.repeat(43)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'This link is not valid' })).toBeVisible();
    await checkPage(page);

    await page.goto('/admin/erasure-requests');
    await signInOnThisPage(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Erasure requests' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the open menu and the level popup are clean too', async ({ page }) => {
    // The menu button works once the page's script has taken over.
    await openLive(page, '/contest/category');
    await page.getByRole('button', { name: /menu/i }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /level 1/i }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
