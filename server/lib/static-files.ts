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
  '.woff2': 'font/woff2',
};

/** Files that must always be revalidated, so a new deploy is picked up (the app shell and the SW). */
const NO_CACHE = new Set(['/index.html', '/sw.js', '/manifest.webmanifest', '/registerSW.js']);

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
            : NO_CACHE.has(url) || url.startsWith('/workbox-')
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

/**
 * Serves the built app: hashed assets immutable, the shell and service worker no-cache,
 * precompressed brotli/gzip when the client accepts it, Range for media, and the SPA
 * fallback (index.html) for every other path that does not look like a file.
 */
export function serveClient(distDir: string): MiddlewareHandler {
  const files = indexDist(distDir);
  return async (c, next) => {
    const method = c.req.method;
    if ((method !== 'GET' && method !== 'HEAD') || c.req.path.startsWith('/api/') || c.req.path === '/api') {
      return next();
    }
    let path = decodeURIComponentSafe(c.req.path);
    let file = files.get(path);
    if (!file && path.endsWith('/')) file = files.get(`${path}index.html`);
    if (!file) {
      // A path with a file extension that does not exist is a real 404, never the SPA shell.
      if (extname(path) !== '') return next();
      path = '/index.html';
      file = files.get(path);
      if (!file) return next();
    }

    const headers: Record<string, string> = {
      'Content-Type': file.type,
      'Cache-Control': file.cacheControl,
      ETag: file.etag,
      Vary: 'Accept-Encoding',
    };
    if (c.req.header('if-none-match') === file.etag) return c.body(null, 304, headers);

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
    if (range && !headers['Content-Encoding']) {
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
    if (method === 'HEAD') return c.body(null, 200, headers);
    return c.body(new Uint8Array(body), 200, headers);
  };
}

function decodeURIComponentSafe(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
