import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes, serveClient, type PagesFile } from './static-files';

const dist = mkdtempSync(join(tmpdir(), 'ktc-static-'));
const write = (file: string, text: string) => {
  mkdirSync(join(dist, file, '..'), { recursive: true });
  writeFileSync(join(dist, file), text);
};
write('index.html', 'home page');
write('about.html', 'about page');
write('contest/art.html', 'art page');
write('404.html', 'not found page');
write('app-shell.html', 'app shell');
write('my-shell.html', 'family page frame');
write('ta/my-shell.html', 'Tamil family page frame');
const pagesFile: PagesFile = {
  pages: { '/': '/index.html', '/about': '/about.html', '/contest/art': '/contest/art.html' },
  redirects: { '/contest/Art': '/contest/art' },
  appShell: '/app-shell.html',
  appShellPrefixes: ['/admin', '/saved', '/my', '/ta/my'],
  shells: { '/my/': '/my-shell.html', '/ta/my/': '/ta/my-shell.html' },
  notFound: '/404.html',
};
write('pages.json', JSON.stringify(pagesFile));

const app = new Hono();
app.use('*', serveClient(dist));
app.notFound((c) => c.json({ error: { code: 'not_found', message: 'Not found.' } }, 404));
const get = (path: string) => app.request(path);

afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('serving the prerendered pages', () => {
  it('answers each public page with its own HTML, never cached without revalidation', async () => {
    for (const [path, body] of [
      ['/', 'home page'],
      ['/about', 'about page'],
      ['/contest/art', 'art page'],
    ]) {
      const response = await get(path ?? '/');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(body);
    }
  });

  it('redirects an old address and a trailing slash permanently, keeping the query', async () => {
    const old = await get('/contest/Art?ref=1');
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/contest/art?ref=1');
    const slash = await get('/about/');
    expect(slash.status).toBe(301);
    expect(slash.headers.get('location')).toBe('/about');
  });

  it('gives private pages the app shell', async () => {
    for (const path of ['/saved', '/admin/registrations', '/admin']) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('app shell');
    }
  });

  it('gives a family’s private link its own prerendered frame, in its language, and the bare prefix the app shell', async () => {
    for (const [path, body] of [
      ['/my/abc', 'family page frame'],
      ['/ta/my/abc', 'Tamil family page frame'],
      ['/my', 'app shell'],
      ['/my/', 'app shell'],
    ] as const) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text(), path).toBe(body);
    }
  });

  it('answers an unknown path with 404 and the not-found page, and a missing file with a plain 404', async () => {
    for (const path of ['/nope', '/contest/unknown', '/administrator']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('etag')).toBeNull();
      expect(await response.text()).toBe('not found page');
    }
    const missing = await get('/assets/missing.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/json');
  });
});

describe('the pages’ inline script (ADR 031)', () => {
  const distWith = (hashes: unknown) => {
    const dir = mkdtempSync(join(tmpdir(), 'ktc-static-hash-'));
    writeFileSync(join(dir, 'pages.json'), JSON.stringify({ ...pagesFile, inlineScriptHashes: hashes }));
    return dir;
  };

  it('is allowed by the hash the build wrote, and only that', () => {
    const hash = `'sha256-${'A'.repeat(43)}='`;
    const dir = distWith([hash]);
    expect(inlineScriptHashes(dir)).toEqual([hash]);
    expect(inlineScriptHashes(dist)).toEqual([]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses to start with anything but a hash there (it goes into the CSP as written)', () => {
    const dir = distWith(["'unsafe-inline'"]);
    expect(() => inlineScriptHashes(dir)).toThrow(/malformed script hash/);
    rmSync(dir, { recursive: true, force: true });
  });
});
