import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { manifest } from './manifest/manifest.ts';
import { bootChunks } from './scripts/boot-chunks.ts';
import { loadedChunks } from './scripts/loaded-chunks.ts';
import { OFFLINE_CORE_FILE, prerender } from './scripts/prerender.ts';

const src = fileURLToPath(new URL('./src', import.meta.url));
const domain = fileURLToPath(new URL('./domain', import.meta.url));
const apiPort = process.env.API_PORT ?? '8787';

/**
 * Build settings (read here, at build time; the server's runtime settings are in server/env.ts).
 * PUBLIC_URL is the site's public origin, for canonical links, link previews and the sitemap.
 */
function publicOrigin(): string {
  const value = process.env.PUBLIC_URL || 'http://localhost:8080';
  const url = new URL(value);
  if (url.pathname !== '/' || url.search || url.hash) throw new Error(`PUBLIC_URL must be an origin such as https://example.org, not ${value}`);
  return url.origin;
}
/** One instant for the whole build: the prerender and the browser bundle must agree on it. */
const buildTime = new Date().toISOString();

/**
 * Chunks imported once the page is idle that nobody waits for: the speed reporter and the update
 * prompt. Their imports insert no modulepreload links. Vite's helper inserts one per chunk in the
 * importing task, and each starts its request on the main thread: the reporter's five made one
 * idle task of 5-14 ms at a laptop's speed (ADR 032). The browser fetches their imports as it
 * reads them instead, one round trip more, after load. CSS is never filtered here (Vite passes
 * only scripts), so a chunk's styles are still linked.
 */
const NOT_PRELOADED = [/(^|\/)report-vitals-[\w-]+\.js$/, /(^|\/)update-prompt-[\w-]+\.js$/];
/** What a dynamic import's chunk needs that its importer has not loaded already (ADR 032). */
const chunks = loadedChunks();

export default defineConfig({
  resolve: {
    alias: { '@': src, '@domain': domain },
  },
  define: { __BUILD_TIME__: JSON.stringify(buildTime) },
  plugins: [
    react(),
    // Compiles src/locales/*.po into one chunk per language (ADR 015).
    lingui(),
    // React DOM, the entry's code and the app's shell in one chunk each (ADR 032).
    bootChunks(),
    chunks.plugin,
    prerender({ origin: publicOrigin(), buildTime }),
    VitePWA({
      // Generate the service worker after the prerender has written every page, so each is precached.
      integration: { closeBundleOrder: 'post' },
      registerType: 'prompt',
      // Registered from src/app/update-prompt.tsx (no inline script, so the CSP stays strict).
      injectRegister: false,
      manifest,
      // The install icons are fetched by the browser when it installs the app, not precached.
      includeManifestIcons: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        globIgnores: ['videos/**', 'og/**', '**/*.br', '**/*.gz'],
        // A light first visit (issue 27): only the offline core is precached (the shell, the
        // registration form with its saving code, the saved list and both languages' words; the
        // prerender lists it, scripts/offline-core.ts). Every other page, chunk and icon is
        // cached the first time it is used, below.
        manifestTransforms: [
          (entries) => {
            const core = new Set(JSON.parse(readFileSync(OFFLINE_CORE_FILE, 'utf8')) as string[]);
            const seen = new Set<string>();
            const manifest = entries.filter((entry) => core.has(entry.url) && !seen.has(entry.url) && seen.add(entry.url));
            const missing = [...core].filter((file) => !seen.has(file));
            if (missing.length > 0) throw new Error(`The offline core names files the build did not write: ${missing.join(', ')}`);
            return { manifest };
          },
        ],
        // Navigations are the page route's below, not a single fallback document's.
        navigateFallback: null,
        runtimeCaching: [
          // A family's private page (/my/<token>) is the app shell plus its data from the API: never
          // kept under its address, whose token is the family's key; offline, the precached shell.
          {
            urlPattern: ({ request, url }) => request.mode === 'navigate' && /^\/(ta\/)?my\//.test(url.pathname),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: 'app-shell.html' } },
          },
          // The confirmation of a registration the browser sent itself (ADR 031) names the family's
          // code in its address: never kept.
          {
            urlPattern: ({ request, url }) => request.mode === 'navigate' && /^\/(ta\/)?registration\/received$/.test(url.pathname),
            handler: 'NetworkOnly',
          },
          // Pages: the network first (a fresh page names this build's chunks), the copy cached at
          // the last visit when there is no connection or it is too slow, else the app shell. The
          // API is never answered by the service worker.
          {
            urlPattern: ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/.well-known/'),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'pages',
              networkTimeoutSeconds: 4,
              expiration: { maxEntries: 80 },
              precacheFallback: { fallbackURL: 'app-shell.html' },
            },
          },
          // The three.js sphere is decoration (~130 KB gzip): kept apart, at most two versions.
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/assets/sphere-scene-'),
            handler: 'CacheFirst',
            options: { cacheName: 'decoration', expiration: { maxEntries: 2 } },
          },
          // Chunks and stylesheets have their hash in their name: cached once, as they are first loaded.
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'assets', expiration: { maxEntries: 300, maxAgeSeconds: 90 * 24 * 60 * 60 } },
          },
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/icons/') || url.pathname.startsWith('/images/'),
            handler: 'CacheFirst',
            options: { cacheName: 'images', expiration: { maxEntries: 40 } },
          },
        ],
        cleanupOutdatedCaches: true,
        // First install takes control at once (so the first visit works offline); updates wait
        // until the person accepts the reload prompt, so a half-filled form is never lost.
        clientsClaim: true,
        skipWaiting: false,
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    // three.js (sphere-scene, ~536 kB, ~130 kB on the wire) loads after the first paint and is
    // never precached (ADR 007); the browser budget test guards what each page really loads.
    chunkSizeWarningLimit: 600,
    // Read by the prerender to link each page's CSS; deleted after it.
    manifest: true,
    // No <link rel="modulepreload"> in the HTML: browsers fetch those at high priority, ahead of
    // the first paint on a slow connection. The scripts load after the page is drawn; dynamic
    // imports still preload their own dependencies, except those nothing waits for (above) and
    // those their importer has loaded already.
    modulePreload: {
      resolveDependencies: (file, deps, context) =>
        context.hostType === 'html' || NOT_PRELOADED.some((chunk) => chunk.test(file)) ? [] : chunks.missing(context.hostId, deps),
    },
    reportCompressedSize: false,
  },
  server: {
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'domain/**/*.test.ts', 'server/**/*.test.ts', 'tests/faults/**/*.test.ts', 'tests/setup/**/*.test.ts', 'bench/lib/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/setup/i18n.ts'],
    globalSetup: ['tests/setup/build-server.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One test file per core (Vitest's default leaves one core free: a single worker on this
    // project's 2-core machines). Most of the slow files wait on servers, clocks and sockets
    // rather than compute, and each file has its own servers and databases.
    maxWorkers: '100%',
  },
});
