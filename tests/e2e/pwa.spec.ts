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

  test('every route opens offline after one visit, and /api is never answered by the shell', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    await context.setOffline(true);
    for (const path of ['/', '/registration', '/contest/category', '/no-such-page']) {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
    }
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
