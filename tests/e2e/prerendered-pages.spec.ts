import { expect, openLive, test, waitForServiceWorker } from './fixtures';
import { PUBLIC_ROUTES } from './public-routes';

// ADR 012: every public page arrives as real HTML, with its own head tags, and hydrates cleanly.

const PAGES = PUBLIC_ROUTES.filter((route) => route.status !== 404);

function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .trim();
}

function headingOf(html: string): string | undefined {
  const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
  const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(main)?.[1];
  return h1 === undefined ? undefined : textOf(h1);
}

function metaContent(html: string, key: 'name' | 'property', name: string): string | undefined {
  const tag = new RegExp(`<meta ${key}="${name.replace(/[:]/g, '\\$&')}" content="([^"]*)"`).exec(html);
  return tag?.[1]?.replace(/&amp;/g, '&').replace(/&quot;/g, '"');
}

function jsonLdOf(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1] ?? 'null'));
}

test.describe('what a crawler or curl receives', () => {
  for (const route of PAGES) {
    test(`${route.path} is real HTML with its heading, its own title and Open Graph tags`, async ({ request }) => {
      const response = await request.get(route.path, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('text/html');
      const html = await response.text();
      expect(headingOf(html)).toMatch(route.heading);
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
      expect(title).toContain('Kids Talent Competition Chennai');
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
      // /contest/Art redirects to its canonical twin, /contest/art.
      expect(new URL(canonical ?? 'x:').pathname).toBe(route.path === '/contest/Art' ? '/contest/art' : route.path);
      expect(metaContent(html, 'name', 'description')?.length).toBeGreaterThan(40);
      expect(metaContent(html, 'property', 'og:title')).toBeTruthy();
      expect(metaContent(html, 'property', 'og:description')).toBe(metaContent(html, 'name', 'description'));
      expect(metaContent(html, 'property', 'og:url')).toBe(canonical);
      expect(metaContent(html, 'property', 'og:image')).toMatch(/\/og\/preview\.png$/);
      expect(metaContent(html, 'property', 'og:image:width')).toBe('1200');
      expect(metaContent(html, 'property', 'og:image:height')).toBe('630');
      expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
    });
  }

  test('every page has a title of its own', async ({ request }) => {
    const titles = new Map<string, string>();
    for (const route of PAGES.filter((r) => r.path !== '/contest/Art')) {
      const html = await (await request.get(route.path)).text();
      titles.set(route.path, /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
    }
    expect(new Set(titles.values()).size).toBe(titles.size);
  });

  test('/contest/Art is a permanent redirect to /contest/art, keeping the query', async ({ request }) => {
    const response = await request.get('/contest/Art?from=whatsapp', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe('/contest/art?from=whatsapp');
  });

  test('an unknown path answers 404 with the prerendered not-found page', async ({ request }) => {
    for (const path of ['/no-such-page', '/contest/no-such-contest', '/deep/unknown/path']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(response.headers()['content-type']).toContain('text/html');
      const html = await response.text();
      expect(headingOf(html)).toBe('Page not found');
      expect(metaContent(html, 'name', 'robots')).toBe('noindex');
    }
    // A missing file stays a plain 404, never a page.
    expect((await request.get('/assets/missing-file.js')).status()).toBe(404);
  });

  test('private pages get the client-rendered app shell, never indexed', async ({ request }) => {
    for (const path of ['/saved', '/admin/login', '/admin/registrations']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      expect(html).toContain('<div id="root"></div>');
      expect(metaContent(html, 'name', 'robots')).toBe('noindex');
    }
  });

  test('the JSON-LD parses and describes the organisation and the three levels with dates, places and ₹ prices', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const graph = jsonLdOf(html).flatMap((block) => (block as { '@graph': Record<string, unknown>[] })['@graph']);
    const organization = graph.find((node) => node['@type'] === 'Organization');
    expect(organization?.name).toBe('Kids Talent Competition');
    const events = graph.filter((node) => node['@type'] === 'Event');
    expect(events.map((event) => event.name)).toEqual([
      expect.stringContaining('Level 1: Preliminary Round'),
      expect.stringContaining('Level 2: Semi-Finals'),
      expect.stringContaining('Level 3: Grand Finals'),
    ]);
    for (const event of events) {
      expect(Date.parse(String(event.startDate))).toBeLessThan(Date.parse(String(event.endDate)));
      expect(event.location).toBeTruthy();
    }
    const [level1, level2] = events;
    expect(level1?.eventAttendanceMode).toBe('https://schema.org/MixedEventAttendanceMode');
    expect(level2?.eventAttendanceMode).toBe('https://schema.org/OfflineEventAttendanceMode');
    expect(level1?.offers).toEqual([
      expect.objectContaining({ price: '99', priceCurrency: 'INR' }),
      expect.objectContaining({ price: '333', priceCurrency: 'INR' }),
    ]);
    // Pages that are not about the levels carry the organisation only.
    const about = jsonLdOf(await (await request.get('/about')).text());
    expect(JSON.stringify(about)).not.toContain('"Event"');
  });

  test('robots.txt keeps crawlers out of private pages; sitemap.xml lists every public page', async ({ request }) => {
    const robots = await (await request.get('/robots.txt')).text();
    for (const path of ['/admin', '/venue', '/saved']) expect(robots).toContain(`Disallow: ${path}`);
    expect(robots).toMatch(/^Sitemap: .+\/sitemap\.xml$/m);
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toContain('xml');
    const locations = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
    // Every English page and its Tamil version under /ta/ (ADR 015).
    const english = PAGES.filter((r) => r.path !== '/contest/Art').map((r) => r.path);
    expect(locations.sort()).toEqual([...english, ...english.map((path) => (path === '/' ? '/ta/' : `/ta${path}`))].sort());
  });

  test('the link preview is a 1200x630 PNG under WhatsApp’s 300 KB limit', async ({ request }) => {
    const response = await request.get('/og/preview.png');
    expect(response.headers()['content-type']).toBe('image/png');
    const png = await response.body();
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    expect(png.length).toBeLessThan(300 * 1024);
  });
});

test.describe('hydration', () => {
  for (const route of PUBLIC_ROUTES) {
    test(`${route.path} hydrates the server HTML in place, with no console error or mismatch`, async ({ page, problems }) => {
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning' && /hydrat|did not match|mismatch/i.test(message.text())) warnings.push(message.text());
      });
      // Mark the server's h1 before any script runs: after hydration it must be the very same node.
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          const h1 = document.querySelector('main h1');
          if (h1) (window as unknown as { serverHeading: Element }).serverHeading = h1;
        });
      });
      await page.goto(route.path);
      await expect(page.locator('main h1')).toHaveText(route.heading);
      // The page's content hydrates in short background tasks after the shell: wait for it.
      await expect
        .poll(() => page.evaluate(() => Object.keys(document.querySelector('main h1') ?? {}).some((key) => key.startsWith('__reactFiber'))), {
          timeout: 20_000,
        })
        .toBe(true);
      await page.waitForLoadState('networkidle');
      const state = await page.evaluate(() => ({
        sameNode: document.querySelector('main h1') === (window as unknown as { serverHeading?: Element }).serverHeading,
        renderedFor: document.getElementById('root')?.dataset.renderedFor,
      }));
      expect(state).toEqual({ sameNode: true, renderedFor: route.status === 404 ? '/404' : route.path.replace('/contest/Art', '/contest/art') });
      const isThe404 = (text: string) => route.status === 404 && (text.includes(route.path) || text.includes('status of 404'));
      expect(problems.consoleErrors.filter((text) => !isThe404(text))).toEqual([]);
      expect(warnings).toEqual([]);
    });
  }

  test('the title follows client-side navigation', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Kids Talent Competition Chennai');
    await page.getByRole('navigation', { name: 'Programs' }).getByRole('link', { name: 'Webinars' }).click();
    await expect(page.locator('main h1')).toHaveText('Career Guidance Webinar');
    await expect(page).toHaveTitle('Career Guidance Webinar · Kids Talent Competition Chennai');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/webinars$/);
  });

  test('a query string applies right after hydration: ?category preselects the contest', async ({ page }) => {
    await page.goto('/registration?category=yoga');
    await expect(page.getByRole('list', { name: 'Chosen contests' })).toHaveText('Yoga Competition');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the public pages still read well', async ({ page }) => {
    await page.goto('/contest/dance');
    await expect(page.locator('main h1')).toHaveText('Dance Challenge');
    await expect(page.getByRole('heading', { name: 'Your coordinator' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register Now' })).toBeVisible();
    // Cards that fade in on scroll are plainly visible without the script that would fade them.
    await page.goto('/contest/category');
    const opacities = await page.locator('.reveal').evaluateAll((cards) => cards.map((card) => getComputedStyle(card).opacity));
    expect(opacities.length).toBe(12);
    expect(new Set(opacities)).toEqual(new Set(['1']));
    await page.goto('/faq');
    await expect(page.locator('main h1')).toHaveText(/frequently asked questions/i);
    await expect(page.getByRole('contentinfo')).toContainText('Kids Talent Competition. All Rights Reserved.');
  });
});

test('a public page is styled from its own HTML: no stylesheet to fetch before the first paint, none fetched twice later', async ({ page }) => {
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname);
  });
  const response = await page.goto('/registration');
  const html = (await response?.text()) ?? '';
  // Every stylesheet link left in the HTML is disabled: it only tells Vite the CSS is already there.
  expect(html.match(/<link rel="stylesheet"[^>]*>/g)?.every((link) => link.includes(' disabled'))).toBe(true);
  expect(html).toContain('<style>');
  await expect(page.locator('main h1')).toHaveText('Register for the competition');
  // Styled before any script runs: the primary button has the brand colour, not the browser's grey.
  expect(await page.locator('.button--primary').first().evaluate((button) => getComputedStyle(button).backgroundColor)).not.toBe('rgb(239, 239, 239)');
  const inlined = await page.evaluate(() =>
    [...document.querySelectorAll('link[rel="stylesheet"][disabled]')].map((link) => new URL((link as HTMLLinkElement).href).pathname),
  );
  expect(inlined.length).toBeGreaterThanOrEqual(2);
  // Client-side navigation to pages that share that CSS, and back, fetches none of it again.
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.getByRole('navigation', { name: 'Programs' }).getByRole('link', { name: 'Webinars' }).click();
  await expect(page.locator('main h1')).toHaveText('Career Guidance Webinar');
  await page.goBack();
  await expect(page.locator('main h1')).toHaveText('Register for the competition');
  expect(stylesheets.filter((path) => inlined.includes(path))).toEqual([]);
});

test('the forms say plainly that they need JavaScript; the registration form works without it', async ({ request, page }) => {
  // What a browser without JavaScript shows: the <noscript> notice beside each form that needs it.
  const notices: Record<string, string> = {
    '/judgereg': 'Applying needs JavaScript, which is turned off in this browser.',
    '/contact': 'Sending a message needs JavaScript, which is turned off in this browser.',
    '/': 'Subscribing needs JavaScript, which is turned off in this browser.',
  };
  for (const [path, notice] of Object.entries(notices)) {
    const html = await (await request.get(path)).text();
    const noscripts = [...html.matchAll(/<noscript>([\s\S]*?)<\/noscript>/g)].map((match) => textOf(match[1] ?? ''));
    expect(noscripts.some((text) => text.includes(notice)), path).toBe(true);
    // One needs-JavaScript notice per form, not two (the form kit's is the only one).
    const main = /<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? '';
    if (path !== '/') expect(textOf(main).split('needs JavaScript').length - 1, path).toBe(1);
  }
  // The registration form posts to the server (ADR 031): usable before the script, and without it.
  const html = await (await request.get('/registration')).text();
  const main = /<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? '';
  expect(main).toMatch(/<form class="form form--card"[^>]*action="\/registration" method="post"/);
  expect(main).not.toContain('inert');
  expect(textOf(main)).not.toContain('needs JavaScript');
  for (const name of ['type', 'name', 'categories', 'age', 'email', 'phone', 'city', 'guardianName', 'privacyConsent', 'agreeTerms', 'id']) {
    expect(main, name).toContain(`name="${name}"`);
  }
  // With JavaScript, the same form is usable once hydrated.
  await page.goto('/registration');
  const name = page.getByLabel('Name', { exact: true });
  await name.fill('Asha');
  await expect(name).toHaveValue('Asha');
  expect(await page.locator('main form').first().evaluate((form) => form.closest('[inert]') === null)).toBe(true);
});

test('every public page visited once opens offline from its own prerendered HTML', async ({ page, context }) => {
  // Some 40 pages, each visited live and then read offline.
  test.setTimeout(240_000);
  await page.goto('/');
  await waitForServiceWorker(page);
  const pages = PAGES.filter((r) => r.path !== '/contest/Art');
  // Pages are cached as they are visited (the first visit precaches only the offline core, ADR 004).
  // A page counts as visited once its script has run (openLive), as a parent would have read it.
  for (const route of pages) await openLive(page, route.path);
  await context.setOffline(true);
  for (const route of pages) {
    await page.goto(route.path);
    await expect(page.locator('main h1'), route.path).toHaveText(route.heading);
    expect(await page.evaluate(() => document.getElementById('root')?.dataset.renderedFor), route.path).toBe(route.path);
  }
  // Private pages and unknown paths open from the app shell and render in the browser.
  await page.goto('/saved');
  await expect(page.locator('main h1')).toBeVisible();
  await page.goto('/no-such-page');
  await expect(page.locator('main h1')).toHaveText('Page not found');
  await context.setOffline(false);
});
