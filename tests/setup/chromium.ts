import type { Page } from '@playwright/test';

/** Debian's Chromium, or CHROME_PATH. Playwright never downloads a browser of its own here. */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/**
 * A phone on slow mobile data, as Lighthouse's mobile audit simulates it: "slow 4G" (150 ms,
 * 1.6 Mbit/s down, 750 kbit/s up) and a CPU four times slower than this machine's. Used by the
 * first-tap journeys and the bench's first-tap figures (issue 27, ADR 031).
 */
export async function emulateSlowPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}
