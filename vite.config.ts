import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { manifest } from './manifest/manifest';

const src = fileURLToPath(new URL('./src', import.meta.url));
const domain = fileURLToPath(new URL('./domain', import.meta.url));
const apiPort = process.env.API_PORT ?? '8787';

export default defineConfig({
  resolve: {
    alias: { '@': src, '@domain': domain },
  },
  plugins: [
    react(),
    VitePWA({
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
        globIgnores: ['videos/**', '**/*.br', '**/*.gz', 'assets/sphere-scene-*.js'],
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/assets/sphere-scene-'),
            handler: 'CacheFirst',
            options: { cacheName: 'decoration', expiration: { maxEntries: 2 } },
          },
        ],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/],
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
    reportCompressedSize: false,
  },
  server: {
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'domain/**/*.test.ts', 'server/**/*.test.ts', 'tests/faults/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
