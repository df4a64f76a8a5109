import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { decodeVideoInHardware, expect, test } from './fixtures';
import { PUBLIC_ROUTES, TAMIL_ROUTES } from './public-routes';

// docs/product.md, "Performance and reach": the first load of any public route, three.js excluded, is at most
// 120 KB of gzipped JavaScript, and three.js is never fetched before the load event.
// "First load" runs until the load event or until the route has rendered its h1, whichever is
// later: route chunks are dynamic imports, which the load event does not wait for.
const BUDGET_BYTES = 120 * 1024;
const DIST = resolve(process.env.DIST_DIR ?? 'dist');

function gzippedSize(urlPath: string): number {
  const file = join(DIST, urlPath);
  if (existsSync(`${file}.gz`)) return readFileSync(`${file}.gz`).length;
  // Files under 512 bytes are not precompressed; measure them the same way.
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

function isThree(urlPath: string): boolean {
  return readFileSync(join(DIST, urlPath), 'utf8').includes('isWebGLRenderer');
}

test.describe('JavaScript budget on first load', () => {
  for (const route of [...PUBLIC_ROUTES, ...TAMIL_ROUTES]) {
    test(`${route.path} first load is at most 120 KB of gzipped JS, three.js only after load`, async ({ page }) => {
      await page.addInitScript(() => {
        new MutationObserver((_records, observer) => {
          if (document.querySelector('main h1')) {
            document.documentElement.dataset.routeRenderedAt = String(performance.now());
            observer.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(route.path, { waitUntil: 'load' });
      await expect(page.locator('main h1')).toBeVisible();
      const { beforeLoad, firstLoad } = await page.evaluate(() => {
        const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
        const loadAt = navigation?.loadEventStart ?? performance.now();
        const renderedAt = Number(document.documentElement.dataset.routeRenderedAt ?? performance.now());
        const scripts = performance
          .getEntriesByType('resource')
          .map((entry) => ({ start: entry.startTime, url: new URL(entry.name) }))
          .filter(({ url }) => url.origin === location.origin && url.pathname.endsWith('.js'));
        return {
          beforeLoad: scripts.filter((s) => s.start <= loadAt).map((s) => s.url.pathname),
          firstLoad: scripts.filter((s) => s.start <= Math.max(loadAt, renderedAt)).map((s) => s.url.pathname),
        };
      });
      expect(firstLoad.length).toBeGreaterThan(0);
      expect(beforeLoad.filter(isThree), 'three.js must load only after the page has loaded').toEqual([]);
      const scripts = firstLoad.filter((path) => !isThree(path));
      const total = scripts.reduce((sum, path) => sum + gzippedSize(path), 0);
      test.info().annotations.push({ type: 'gzipped JS', description: `${(total / 1024).toFixed(1)} KB (${scripts.length} files)` });
      expect(total, `${scripts.join(', ')}`).toBeLessThanOrEqual(BUDGET_BYTES);
    });
  }
});

test.describe('no layout shift from the video, fonts, images or late widgets', () => {
  for (const path of ['/', '/contest/dance', '/contact', '/about']) {
    test(`${path} keeps cumulative layout shift under 0.1`, async ({ page }) => {
      // The video plays, as on a phone.
      await decodeVideoInHardware(page);
      await page.addInitScript(() => {
        let cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) cls += entry.value;
          }
          document.documentElement.dataset.cls = String(cls);
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(path);
      await expect(page.locator('main h1')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      const cls = await page.evaluate(() => Number(document.documentElement.dataset.cls ?? 0));
      test.info().annotations.push({ type: 'CLS', description: cls.toFixed(4) });
      expect(cls).toBeLessThan(0.1);
    });
  }
});

// An SVG drawn by <img> (or a favicon) is a document of its own, built on the main thread as the
// file arrives: 10–50 ms each on a slow phone, after the first paint. The logo is drawn inline and
// the sponsors' logos wait until they are scrolled near (ADR 032).
test('the home page fetches no SVG image before it is scrolled', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const svgs: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('.svg')) svgs.push(url.pathname);
  });
  await page.goto('/', { waitUntil: 'load' });
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await page.waitForTimeout(1000);
  expect(svgs).toEqual([]);
  // Scrolled to, the sponsors' logos arrive.
  await page.getByRole('group', { name: 'Sponsor logos' }).scrollIntoViewIfNeeded();
  await expect.poll(() => svgs.filter((path) => path.startsWith('/images/sponsors/')).length).toBeGreaterThan(0);
});

/** The scripts `page` requests from now on, to read afterwards with `servedScripts`. */
function watchScripts(page: Page): Set<string> {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) scripts.add(pathname);
  });
  return scripts;
}

/** Each script fetched again as the server sends it: its path and its text. */
async function servedScripts(page: Page, scripts: Set<string>): Promise<Array<{ pathname: string; text: string }>> {
  const served = [];
  for (const pathname of scripts) {
    const response = await page.request.get(pathname);
    expect(response.ok()).toBe(true);
    served.push({ pathname, text: await response.text() });
  }
  return served;
}

/**
 * The family's page on a link that was never issued (it asks the server, says so, and still loads
 * its sections' code), once every script it asked for has come: each script as served.
 */
async function invalidFamilyLinkScripts(page: Page): Promise<Array<{ pathname: string; text: string }>> {
  const scripts = watchScripts(page);
  await page.goto(`/my/${'A'.repeat(43)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'This link is not valid' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  return servedScripts(page, scripts);
}

// V8 compiles a function when it is first called, on the main thread, unless the file's first line
// asks for all of it at once: then it is compiled off the main thread as it streams in. Hydrating
// calls nearly all of React DOM and the shell, so those two ask (scripts/boot-chunks.ts, ADR 032);
// the rest, partly used at load, do not.
test('React DOM and the shell, as served, ask to be compiled whole as they stream in', async ({ page }) => {
  const HINT = '//# allFunctionsCalledOnLoad\n';
  const scripts = watchScripts(page);
  await page.goto('/contest/dance', { waitUntil: 'load' });
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  const starts = new Map<string, boolean>();
  for (const { pathname, text } of await servedScripts(page, scripts)) {
    starts.set(pathname.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, ''), text.startsWith(HINT));
  }
  expect(starts.get('react-dom')).toBe(true);
  expect(starts.get('shell')).toBe(true);
  expect(starts.get('entry')).toBe(false);
  expect([...starts].filter(([, hinted]) => hinted).map(([name]) => name).sort()).toEqual(['react-dom', 'shell']);
});

// React Query comes as one file wherever a page reads server data (scripts/boot-chunks.ts, ADR 032):
// left to the bundler it came as seven small files on the family's page, each a request on a slow
// line and a preload link inserted on the page's thread.
test('a page that reads server data loads React Query as one file', async ({ page }) => {
  const served = await invalidFamilyLinkScripts(page);
  const holding = (marker: string) => served.filter(({ text }) => text.includes(marker)).map(({ pathname }) => pathname);
  // One message from each of React Query's two packages (the React bindings, the core).
  const bindings = holding('No QueryClient set');
  const core = holding('Missing queryFn');
  expect(bindings).toHaveLength(1);
  expect(core).toEqual(bindings);
});

// A dynamic import of zod's namespace kept every export of it: the whole library, every
// language's messages and the JSON Schema converters, 89 KB gzipped where the schemas use about
// 25 (ADR 032; eslint.config.js now refuses such an import). One string of each part nobody uses.
test('the family page brings only the parts of zod its schemas use', async ({ page }) => {
  const served = await invalidFamilyLinkScripts(page);
  expect(served.some(({ text }) => text.includes('ZodError')), 'the page loads zod').toBe(true);
  const unused = ['Ungültige Eingabe', 'fromJSONSchema input is not valid JSON'];
  expect(served.filter(({ text }) => unused.some((part) => text.includes(part))).map(({ pathname }) => pathname)).toEqual([]);
});
