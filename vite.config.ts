import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { manifest } from './manifest/manifest.ts';
import { prerender } from './scripts/prerender.ts';

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

export default defineConfig({
  resolve: {
    alias: { '@': src, '@domain': domain },
  },
  define: { __BUILD_TIME__: JSON.stringify(buildTime) },
  plugins: [
    react(),
    // Compiles src/locales/*.po into one chunk per language (ADR 015).
    lingui(),
    prerender({ origin: publicOrigin(), buildTime }),
    VitePWA({
      // Generate the service worker after the prerender has written every page, so each is precached.
      integration: { closeBundleOrder: 'post' },
      registerType: 'prompt',
      // Registered from src/app/update-prompt.tsx (no inline script, so the CSP stays strict).
      injectRegister: false,
      manifest,
      includeAssets: ['favicon.ico', 'icons/*.png', 'icons/*.svg'],
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        // The background video is optional decoration; never make installs wait for it.
        // The three.js sphere chunk (~130 KB gzip) is decoration too: not precached, so an install
        // on mobile data stays small; it is cached the first time a visitor actually loads it.
        // uPlot (the admin overview's time series, ADR 029) is for admins only: fetched when the overview opens.
        globIgnores: ['videos/**', 'og/**', '**/*.br', '**/*.gz', 'assets/sphere-scene-*.js', 'assets/time-series-plot-*'],
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/assets/sphere-scene-'),
            handler: 'CacheFirst',
            options: { cacheName: 'decoration', expiration: { maxEntries: 2 } },
          },
        ],
        // Each public page is precached as its own prerendered file (/about → about.html, through
        // Workbox's clean-URL matching); any other navigation (admin, saved, an unknown path, a
        // query string) gets the app shell and renders in the browser.
        navigateFallback: '/app-shell.html',
        // Results pages are rendered by the server when published (issue 25), never by the shell.
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/(ta\/)?results(\/|$)/, /^\/\.well-known\//],
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
    // imports still preload their own dependencies.
    modulePreload: { resolveDependencies: (_file, deps, context) => (context.hostType === 'html' ? [] : deps) },
    reportCompressedSize: false,
  },
  server: {
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'domain/**/*.test.ts', 'server/**/*.test.ts', 'tests/faults/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/setup/i18n.ts'],
    globalSetup: ['tests/setup/build-server.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
