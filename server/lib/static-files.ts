import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { MiddlewareHandler } from 'hono';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.mp4': 'video/mp4',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** Files that must always be revalidated, so a new deploy is picked up (every page and the SW). */
const NO_CACHE = new Set(['/sw.js', '/manifest.webmanifest', '/registerSW.js']);

/**
 * How paths map to the prerendered pages (dist/pages.json, written by scripts/prerender.ts):
 * each public page has its own file, old addresses redirect, private pages get the app shell,
 * and anything else is a real 404 with the not-found page.
 */
export type PagesFile = {
  pages: Record<string, string>;
  redirects: Record<string, string>;
  appShell: string;
  appShellPrefixes: readonly string[];
  /** Private pages with a prerendered frame of their own (a family's /my/<token>), by address prefix. */
  shells?: Record<string, string>;
  notFound: string;
  /** The not-found page of another language: an unknown /ta/... path gets /ta/404.html. */
  notFoundByPrefix?: Record<string, string>;
  /** The CSP hashes of the pages' inline scripts (ADR 031: the early-taps script). */
  inlineScriptHashes?: readonly string[];
};

function readPagesFile(distDir: string): PagesFile | null {
  const path = join(distDir, 'pages.json');
  if (!existsSync(path)) return null;
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<PagesFile>;
  if (!parsed.pages || !parsed.redirects || !parsed.appShell || !parsed.appShellPrefixes || !parsed.notFound) {
    throw new Error(`${path} is incomplete; rebuild the client (npm run build)`);
  }
  return parsed as PagesFile;
}

const CSP_HASH = /^'sha256-[A-Za-z0-9+/]{43}='$/;

/** The script-src hashes the built pages need (none for a build without prerendered pages). */
export function inlineScriptHashes(distDir: string): string[] {
  const hashes = readPagesFile(distDir)?.inlineScriptHashes ?? [];
  for (const hash of hashes) if (!CSP_HASH.test(hash)) throw new Error(`pages.json has a malformed script hash: ${hash}`);
  return [...hashes];
}

type StaticFile = {
  path: string;
  type: string;
  size: number;
  etag: string;
  cacheControl: string;
  br?: string;
  gz?: string;
};

/** Indexes the built client once at start-up; requests never touch the directory listing. */
export function indexDist(distDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!existsSync(distDir)) return files;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!full.endsWith('.br') && !full.endsWith('.gz')) {
        const url = `/${relative(distDir, full).split(sep).join('/')}`;
        const stat = statSync(full);
        files.set(url, {
          path: full,
          type: TYPES[extname(full)] ?? 'application/octet-stream',
          size: stat.size,
          etag: `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
          cacheControl: url.startsWith('/assets/')
            ? 'public, max-age=31536000, immutable'
            : NO_CACHE.has(url) || url.endsWith('.html') || url.startsWith('/workbox-')
              ? 'no-cache'
              : 'public, max-age=86400',
          ...(existsSync(`${full}.br`) ? { br: `${full}.br` } : {}),
          ...(existsSync(`${full}.gz`) ? { gz: `${full}.gz` } : {}),
        });
      }
    }
  };
  walk(distDir);
  return files;
}

const memory = new Map<string, Buffer>();
function read(path: string): Buffer {
  let buffer = memory.get(path);
  if (!buffer) {
    buffer = readFileSync(path);
    // Keep the small text assets in memory; large media is read per request.
    if (buffer.length < 2_000_000) memory.set(path, buffer);
  }
  return buffer;
}

type Resolved = { file: StaticFile; status: 200 | 404 } | { redirect: string } | null;

/** Which file answers a path, with which status; null when nothing here answers it. */
function resolvePath(path: string, files: Map<string, StaticFile>, pages: PagesFile | null): Resolved {
  const exact = files.get(path);
  if (exact) return { file: exact, status: 200 };
  if (!pages) {
    // A build without prerendered pages: the single-page-app fallback.
    const shell = path.endsWith('/') ? files.get(`${path}index.html`) : undefined;
    if (shell) return { file: shell, status: 200 };
    if (extname(path) !== '') return null;
    const index = files.get('/index.html');
    return index ? { file: index, status: 200 } : null;
  }
  const redirect = pages.redirects[path];
  if (redirect) return { redirect };
  const page = pages.pages[path];
  const pageFile = page ? files.get(page) : undefined;
  if (pageFile) return { file: pageFile, status: 200 };
  if (path.length > 1 && path.endsWith('/') && pages.pages[path.slice(0, -1)]) return { redirect: path.slice(0, -1) };
  // A path with a file extension that does not exist is a plain 404, never a page.
  if (extname(path) !== '') return null;
  const framed = Object.entries(pages.shells ?? {}).find(([prefix]) => path.startsWith(prefix) && path.length > prefix.length);
  const frame = framed ? files.get(framed[1]) : undefined;
  if (frame) return { file: frame, status: 200 };
  const shell = files.get(pages.appShell);
  if (shell && pages.appShellPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) {
    return { file: shell, status: 200 };
  }
  const localized = Object.entries(pages.notFoundByPrefix ?? {}).find(([prefix]) => path.startsWith(prefix));
  const notFound = files.get(localized?.[1] ?? pages.notFound) ?? files.get(pages.notFound);
  return notFound ? { file: notFound, status: 404 } : null;
}

/**
 * Serves the built app: hashed assets immutable, pages and the service worker no-cache,
 * precompressed brotli/gzip when the client accepts it, Range for media. Paths map to pages
 * through dist/pages.json: a public page's prerendered file, the app shell for private pages,
 * a permanent redirect for an old address, and HTTP 404 with the not-found page otherwise.
 */
export function serveClient(distDir: string): MiddlewareHandler {
  const files = indexDist(distDir);
  const pages = readPagesFile(distDir);
  return async (c, next) => {
    const method = c.req.method;
    if ((method !== 'GET' && method !== 'HEAD') || c.req.path.startsWith('/api/') || c.req.path === '/api') {
      return next();
    }
    const resolved = resolvePath(decodeURIComponentSafe(c.req.path), files, pages);
    if (!resolved) return next();
    if ('redirect' in resolved) {
      const query = new URL(c.req.url).search;
      return c.redirect(`${resolved.redirect}${query}`, 301);
    }
    const { file, status } = resolved;

    const headers: Record<string, string> = {
      'Content-Type': file.type,
      'Cache-Control': file.cacheControl,
      Vary: 'Accept-Encoding',
    };
    if (status === 200) {
      headers.ETag = file.etag;
      if (c.req.header('if-none-match') === file.etag) return c.body(null, 304, headers);
    }

    const accept = c.req.header('accept-encoding') ?? '';
    let source = file.path;
    if (file.br && /\bbr\b/.test(accept)) {
      source = file.br;
      headers['Content-Encoding'] = 'br';
    } else if (file.gz && /\bgzip\b/.test(accept)) {
      source = file.gz;
      headers['Content-Encoding'] = 'gzip';
    }

    const range = c.req.header('range');
    if (range && status === 200 && !headers['Content-Encoding']) {
      const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
      const body = read(source);
      if (match) {
        const start = match[1] ? Number(match[1]) : Math.max(0, body.length - Number(match[2]));
        const end = match[1] && match[2] ? Math.min(Number(match[2]), body.length - 1) : body.length - 1;
        if (start <= end && start < body.length) {
          headers['Content-Range'] = `bytes ${start}-${end}/${body.length}`;
          headers['Accept-Ranges'] = 'bytes';
          if (method === 'HEAD') return c.body(null, 206, headers);
          return c.body(new Uint8Array(body.subarray(start, end + 1)), 206, headers);
        }
      }
      headers['Content-Range'] = `bytes */${body.length}`;
      return c.body(null, 416, headers);
    }

    if (file.type.startsWith('video/')) headers['Accept-Ranges'] = 'bytes';
    const body = read(source);
    headers['Content-Length'] = String(body.length);
    if (method === 'HEAD') return c.body(null, status, headers);
    return c.body(new Uint8Array(body), status, headers);
  };
}

function decodeURIComponentSafe(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
