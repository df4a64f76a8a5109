import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/setup/chromium';

export default defineConfig({
  // Browser journeys in tests/e2e, browser fault tests in tests/faults (*.spec.ts; *.test.ts is Vitest).
  testDir: './tests',
  testMatch: /.*\.spec\.ts$/,
  globalSetup: './tests/setup/build-server.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  // One retry in CI only: two browsers and the servers share 2 cores there, and a journey that
  // passes on retry is still reported as "flaky" in the output, never hidden.
  retries: process.env.CI ? 1 : 0,
  outputDir: process.env.PW_OUTPUT_DIR ?? 'test-results',
  reporter: [['list']],
  projects: [
    { name: 'journeys', grepInvert: /@alone/ },
    // Journeys that time the page's own thread (its long tasks) run once the others are done, with
    // the machine to themselves: on two cores the other worker's browser and server took the cores
    // they time, and React's 5 ms slices measured 50-230 ms by the clock.
    { name: 'alone', grep: /@alone/, dependencies: ['journeys'] },
  ],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'off',
    screenshot: 'off',
  },
});
