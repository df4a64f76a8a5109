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
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'off',
    screenshot: 'off',
  },
});
