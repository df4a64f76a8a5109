import { expect, launchProfile, test, waitForServiceWorker } from './fixtures';

test.describe('installable, offline-capable shell', () => {
  test('the health check answers from the real server', async ({ request }) => {
    const response = await request.get('/api/health');
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ ok: true, db: 'pglite' });
  });

  test("Chromium's installability check reports no errors", async ({ server }) => {
    const { context } = await launchProfile(server.url);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await waitForServiceWorker(page);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    await context.close();
  });

  test('a light first visit: the page the parent came to, registration in both languages and the saved list open offline; other pages are cached once visited; /api is never answered by the worker', async ({
    page,
    context,
  }) => {
    // Arriving from a shared link on a contest page: it loaded before the worker was in control.
    await page.goto('/contest/dance');
    await waitForServiceWorker(page);
    // The worker keeps that first page and its chunks once it controls the tab.
    await expect.poll(() => page.evaluate(async () => Boolean(await (await caches.open('pages')).match(location.href))), { timeout: 15_000 }).toBe(true);
    // The precache is the offline core only: no install icons, no pages the visitor did not open.
    const precached = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls: string[] = [];
      for (const name of names.filter((n) => n.startsWith('workbox-precache'))) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(precached).toEqual(expect.arrayContaining(['/registration.html', '/ta/registration.html', '/app-shell.html']));
    expect(precached.some((path) => /icon-512|maskable|about\.html|faq\.html/.test(path))).toBe(false);

    await context.setOffline(true);
    for (const [path, heading] of [
      ['/contest/dance', /Dance/],
      ['/registration', /Regist/],
      ['/ta/registration', /பதிவு/],
      ['/saved', /./],
      ['/no-such-page', /./],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('h1').first(), path).toHaveText(heading);
    }
    // A page never opened says clearly it is not saved on this phone (offline-pages.spec.ts).
    await page.goto('/about');
    await expect(page.getByText('This page is not saved on this phone yet.', { exact: false })).toBeVisible();
    const apiStatus = await page.evaluate(async () => {
      try {
        const response = await fetch('/api/health');
        return response.headers.get('content-type');
      } catch {
        return 'network-error';
      }
    });
    expect(apiStatus).toBe('network-error');
    await context.setOffline(false);
    // Opened once online (and come alive, so its code was fetched and kept), it is there offline too.
    await page.goto('/about');
    await expect(page.locator('h1').first()).toBeVisible();
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    await context.setOffline(true);
    await page.goto('/about');
    await expect(page.getByText('This page is not saved on this phone yet.', { exact: false })).toHaveCount(0);
    await expect(page.locator('h1').first()).toBeVisible();
    await context.setOffline(false);

    // A family's private address holds its key: the worker never keeps a page under it.
    await page.goto('/my/a-private-family-token-0123456789');
    await expect(page.locator('h1').first()).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.documentElement.hasAttribute('data-visit-kept')), { timeout: 15_000 }).toBe(true);
    const kept = await page.evaluate(async () => (await (await caches.open('pages')).keys()).map((request) => new URL(request.url).pathname));
    expect(kept.filter((path) => path.includes('/my/'))).toEqual([]);
  });

  test('hashed assets are immutable and the shell is revalidated', async ({ request, page }) => {
    const html = await request.get('/');
    expect(html.headers()['cache-control']).toBe('no-cache');
    expect(html.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.goto('/');
    const script = await page.locator('script[type="module"]').first().getAttribute('src');
    expect(script).toMatch(/^\/assets\//);
    const asset = await request.get(script ?? '', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers()['content-encoding']).toBe('br');
    const sw = await request.get('/sw.js');
    expect(sw.headers()['cache-control']).toBe('no-cache');
    const missing = await request.get('/assets/missing-file.js');
    expect(missing.status()).toBe(404);
  });
});
