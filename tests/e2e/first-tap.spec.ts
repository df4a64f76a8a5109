import type { Page, Request } from '@playwright/test';
import { referenceCodeOf } from '@domain/reference-code';
import { emulateSlowPhone } from '../setup/chromium';
import { expect, test } from './fixtures';
import { expectRegistrationSent, signInAsAdmin } from './outbox-helpers';

/*
 * Taps before the page's script runs (ADR 031), on a phone-like Chromium (emulateSlowPhone: slow
 * 4G and a CPU four times slower). The page's script is held back until the taps are made, so
 * every tap lands on the prerendered page before it is live, as a parent's would on slow data.
 */

/** Holds the page's entry script until `release()`: the page shows, but is not live. */
async function holdScript(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const notLive = async (page: Page) => expect(page.locator('html[data-hydrated]')).toHaveCount(0);
const live = async (page: Page) => expect(page.locator('html[data-hydrated]')).toHaveCount(1, { timeout: 30_000 });

test.describe('a tap before the page is live has its effect', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the FAQ opens at once (native), the menu opens once live', async ({ page, problems }) => {
    await emulateSlowPhone(page);
    const release = await holdScript(page);
    await page.goto('/faq', { waitUntil: 'commit' });
    const question = page.locator('summary.accordion__button').first();
    await question.tap();
    await notLive(page);
    // Native: open before any script, and one answer at a time.
    await expect(page.locator('details.accordion__item').first()).toHaveAttribute('open', '');
    await page.locator('summary.accordion__button').nth(1).tap();
    await expect(page.locator('details.accordion__item').nth(1)).toHaveAttribute('open', '');
    await expect(page.locator('details.accordion__item').first()).not.toHaveAttribute('open');

    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.tap();
    await notLive(page);
    await expect(menuButton).toHaveAttribute('data-early-tap', '');
    release();
    await live(page);
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    // The answer opened before the script stays open.
    await expect(page.locator('details.accordion__item').nth(1)).toHaveAttribute('open', '');
    expect(problems.consoleErrors).toEqual([]);
  });

  test('a level box tapped before the page is live opens its details once live', async ({ page, problems }) => {
    await emulateSlowPhone(page);
    const release = await holdScript(page);
    await page.goto('/contest/category', { waitUntil: 'commit' });
    const level = page.locator('button.journey__level').first();
    await level.scrollIntoViewIfNeeded();
    await level.tap();
    await notLive(page);
    release();
    await live(page);
    await expect(page.getByRole('dialog', { name: 'Level 1: Preliminary Round' })).toBeVisible();
    expect(problems.consoleErrors).toEqual([]);
  });
});

test.describe('the registration form before the page is live', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  async function fillBeforeLive(page: Page, name: string): Promise<void> {
    await page.getByLabel('Name', { exact: true }).fill(name);
    // The contests list opens natively while the picker has focus.
    await page.getByRole('button', { name: /Categories/ }).tap();
    await page.getByRole('checkbox', { name: 'Dance Challenge', exact: true }).check();
    await page.getByLabel(/^Age/).fill('9');
    await page.getByLabel('Email', { exact: true }).fill('early.parent@example.org');
    await page.getByLabel('Phone', { exact: true }).fill('9876500111');
    await page.getByLabel('City', { exact: true }).fill('Chennai');
    await page.getByLabel('Parent or guardian’s name').fill('Early Parent');
    await page.getByRole('checkbox', { name: /privacy notice/i }).check();
    await page.getByRole('checkbox', { name: /terms/ }).check();
  }

  test('is sent by the browser, lands on the code, and the same form sent again by the page is stored once', async ({ page, server }) => {
    await emulateSlowPhone(page);
    const release = await holdScript(page);
    await page.goto('/registration', { waitUntil: 'commit' });
    await fillBeforeLive(page, 'Early Tapper');
    await notLive(page);
    const posted = page.waitForRequest((request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/registration');
    await page.getByRole('button', { name: 'Register child' }).tap();
    const id = new URLSearchParams((await posted).postData() ?? '').get('id') ?? '';
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    // The server's confirmation, with the code the page would have given.
    await expect(page).toHaveURL(/\/registration\/received\?code=KTC-/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Registration received');
    const code = referenceCodeOf(id);
    await expect(page.locator('strong.code')).toHaveText(code);
    release();

    await signInAsAdmin(page.request, server.url);
    const stored = async () =>
      ((await (await page.request.get(`/api/registrations?q=${encodeURIComponent(code)}`)).json()) as { items: { id: string; name: string; categories: string[] }[] }).items;
    expect(await stored()).toEqual([expect.objectContaining({ id, name: 'Early Tapper', categories: ['dance'] })]);

    // Back on the form (as after the Back button), the same answers and id are sent again by the
    // page once live, through its outbox: the server already has them, and keeps one.
    const releaseAgain = await holdScript(page);
    await page.goto('/registration', { waitUntil: 'commit' });
    await fillBeforeLive(page, 'Early Tapper');
    await page.locator('input[name="id"]').evaluate((input: HTMLInputElement, value) => (input.value = value), id);
    releaseAgain();
    await live(page);
    await page.getByRole('button', { name: 'Register child' }).click();
    const success = page.getByRole('status').filter({ hasText: 'Registration Successful!' });
    await expect(success).toBeVisible();
    await expect(success.locator('strong')).toHaveText(code);
    await expectRegistrationSent(page, code);
    expect(await stored()).toHaveLength(1);
  });

  test('sent with answers missing, it stays on the page with them, and says what to correct once live', async ({ page }) => {
    await emulateSlowPhone(page);
    const release = await holdScript(page);
    await page.goto('/registration', { waitUntil: 'commit' });
    await page.getByLabel('Name', { exact: true }).fill('Half Done');
    await page.getByRole('checkbox', { name: /terms/ }).check();
    const answered = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/registration');
    await page.getByRole('button', { name: 'Register child' }).tap();
    expect((await answered).status()).toBe(204);
    await expect(page).toHaveURL(/\/registration$/);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Half Done');
    release();
    await live(page);
    // Once live the page sends it again itself and shows each field what it needs.
    await expect(page.getByLabel('Email', { exact: true })).toHaveAccessibleDescription(/email/i);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Half Done');
  });
});
