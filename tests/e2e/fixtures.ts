import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, chromium, expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../setup/chromium';
import { startSmtpTestServer, type SmtpTestServer } from '../setup/smtp-test-server';
import { freePort, startServer, type RunningServer } from '../setup/server-process';
import { nextTotpCode, TEST_TOTP_SECRET } from '../setup/second-factor-codes';

export const ADMIN = { username: 'e2e-admin', password: 'correct horse battery staple 42' };

type TestFixtures = { problems: PageProblems };

export type PageProblems = { consoleErrors: string[]; failedRequests: string[] };

/** What every test server is started with: the e2e admin and its authenticator secret. */
export const ADMIN_ENV = { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, ADMIN_TOTP_SECRET: TEST_TOTP_SECRET };

/**
 * A test whose worker has a real built server of its own (its own temp data dir), started with
 * the admin's settings and `env` (a setting the journey needs), and the pages' base URL its URL.
 */
export function testWithOwnServer(env: Record<string, string> = {}, timeout = 180_000) {
  return base.extend<object, { server: RunningServer }>({
    server: [
      // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
      async ({}, use) => {
        const server = await startServer({ env: { ...ADMIN_ENV, ...env } });
        await use(server);
        await server.stop();
        server.cleanup();
      },
      { scope: 'worker', timeout },
    ],
    baseURL: async ({ server }, use) => use(server.url),
  });
}

/**
 * One real built server per worker, and a `problems` fixture that records console errors and
 * failed same-origin requests, so a test can assert there are none.
 */
export const test = testWithOwnServer({}, 90_000).extend<TestFixtures>({
  problems: async ({ page, server }, use) => {
    const problems = await watchPage(page, server.url);
    await use(problems);
  },
});

export async function watchPage(page: Page, origin: string): Promise<PageProblems> {
  const problems: PageProblems = { consoleErrors: [], failedRequests: [] };
  // Chromium reports a script our CSP refused (eval, an inline script without its hash) only as an
  // event and a DevTools issue, not in the console: say it there, so it counts as an error.
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} in ${event.sourceFile}:${event.lineNumber}`),
    ),
  );
  page.on('console', (message) => {
    if (message.type() === 'error') problems.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => problems.consoleErrors.push(error.message));
  page.on('response', (response) => {
    const url = response.url();
    // The background video is optional decoration (docs/product.md): its absence is not a defect.
    // "Am I signed in?" answering 401 is how a signed-out admin page learns it must redirect.
    const signedOutProbe = response.status() === 401 && url.endsWith('/api/auth/me');
    if (url.startsWith(origin) && response.status() >= 400 && !url.includes('/videos/') && !signedOutProbe) {
      problems.failedRequests.push(`${response.status()} ${url}`);
    }
  });
  page.on('requestfailed', (request) => {
    const url = request.url();
    const reason = request.failure()?.errorText ?? '';
    // Aborted media range requests and requests cut by navigation are normal browser behaviour.
    if (url.startsWith(origin) && !url.includes('/videos/') && !reason.includes('ERR_ABORTED')) {
      problems.failedRequests.push(`${reason} ${url}`);
    }
  });
  return problems;
}

/** Waits until a service worker controls the page (first visit: after clients.claim()). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined, null, {
    timeout: 30_000,
  });
  // The page that installed the worker loaded before it was in control: it is kept for offline
  // once the worker has fetched it again (src/lib/pwa/keep-this-visit.ts).
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-visit-kept'), null, { timeout: 30_000 });
}

/**
 * A real on-disk browser profile (not incognito): what installability, storage persistence and
 * "close the browser and reopen it" need. Pass the same dir again to reopen the same profile.
 */
export async function launchProfile(
  baseURL: string,
  userDataDir: string = mkdtempSync(join(tmpdir(), 'ktc-profile-')),
  options: { phone?: boolean } = {},
): Promise<{ context: BrowserContext; userDataDir: string }> {
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
    baseURL,
    ...(options.phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {}),
  });
  return { context, userDataDir };
}

export { expect };

/**
 * Opens a page and waits until its script has taken over (src/app/app.tsx marks <html>): a
 * prerendered page shows everything before that, but a click that early does nothing.
 */
export async function openLive(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
}

export type MailWorld = { smtp: SmtpTestServer; server: RunningServer };

/**
 * A test with its own server that sends mail to this test's SMTP server: `world` is both, and
 * the pages' base URL is the server's (which the emails' links and the CSRF check use). `env`
 * adds settings (UPI_VPA, say).
 */
export function testWithMail(env: Record<string, string> = {}) {
  return base.extend<object, { world: MailWorld }>({
    world: [
      // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
      async ({}, use) => {
        const smtp = await startSmtpTestServer();
        const port = await freePort();
        const server = await startServer({
          port,
          env: {
            ...ADMIN_ENV,
            SMTP_URL: smtp.url,
            MAIL_FROM: 'Kids Talent Competition <no-reply@example.org>',
            PUBLIC_URL: `http://127.0.0.1:${port}`,
            ...env,
          },
        });
        await use({ smtp, server });
        await server.stop();
        server.cleanup();
        await smtp.close();
      },
      { scope: 'worker', timeout: 150_000 },
    ],
    baseURL: async ({ world }, use) => use(world.server.url),
  });
}

/**
 * Headless Chromium decodes video in software, where the site leaves its background video on its
 * poster (src/app/layout/video-decoding.ts). Tells the page this browser decodes it in hardware,
 * as phones do, so the video plays.
 */
export async function decodeVideoInHardware(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const answer = { supported: true, smooth: true, powerEfficient: true };
    Object.defineProperty(navigator.mediaCapabilities, 'decodingInfo', { value: async () => answer });
  });
}

/**
 * The second step of an admin's sign-in in the page (ADR 033): on /admin/second-factor, the code
 * the admin's authenticator app shows now (the test servers' admin has TEST_TOTP_SECRET).
 */
export async function completeSecondFactor(page: Page): Promise<void> {
  await page.waitForURL(/\/admin\/second-factor/);
  const code = await nextTotpCode(new URL(page.url()).origin);
  await page.getByLabel('Code from your authenticator app').fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
}

/** The admin signs in on the sign-in form the page shows: password, then the authenticator code. */
export async function signInOnThisPage(page: Page): Promise<void> {
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await completeSecondFactor(page);
}

/** An admin's sign-in in the page: the sign-in form, then the second step, until the admin's home shows. */
export async function signInAdminPage(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await signInOnThisPage(page);
  await page.waitForURL(/\/admin(\/)?$/);
}

/** An admin's sign-in on an API request context: password, then a code (ADR 033). */
export async function signInAdminRequest(request: APIRequestContext, origin: string): Promise<void> {
  const headers = { Origin: origin, 'X-Requested-With': 'fetch' };
  const login = await request.post('/api/auth/login', { headers, data: { username: ADMIN.username, password: ADMIN.password, remember: false } });
  expect(login.status(), await login.text()).toBe(200);
  const verify = await request.post('/api/auth/second-factor/verify', { headers, data: { method: 'totp', code: await nextTotpCode(origin) } });
  expect(verify.status(), await verify.text()).toBe(200);
}

/**
 * With SCREENSHOTS_DIR set, keeps what the page shows at a phone's 390 px and a desktop's 1280 px
 * (whole page) as <name>-390.png and <name>-1280.png, then gives the page its size back.
 */
export async function screenshotBothWidths(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const size = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}
