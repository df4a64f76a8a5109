import { readFileSync } from 'node:fs';
import { test as base, expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { resultOf } from '../../server/cli/database-or-server';
import { readLockHolder } from '../../server/db/data-dir-lock';
import { sendControlRequest } from '../../server/lib/control-channel';
import { nextTotpCode } from '../setup/second-factor-codes';
import { moveServerClock, startServer, type RunningServer } from '../setup/server-process';

/**
 * Issue 44's second factor, as admins meet it (ADR 033): a new admin sets up a passkey (Chromium's
 * virtual authenticator), signs out and in with it; a second admin sets up an authenticator app
 * and signs in with a code the test computes; a recovery code works once; an export 11 minutes
 * later (the server's clock moved) asks for the factor again, then downloads.
 */
const PASSKEY_ADMIN = { username: 'meera-admin', password: 'kolam patterns at dawn 27' };
const APP_ADMIN = { username: 'ravi-admin', password: 'filter coffee and jasmine 58' };

const test = base.extend<object, { server: RunningServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
    async ({}, use) => {
      const server = await startServer({
        env: { ADMIN_USERNAME: PASSKEY_ADMIN.username, ADMIN_PASSWORD: PASSKEY_ADMIN.password, TEST_CLOCK: 'on', PUBLIC_WRITE_LIMIT_FACTOR: '0' },
      });
      const socket = readLockHolder(server.dataDir)?.controlSocket;
      if (!socket) throw new Error('no control socket');
      resultOf(await sendControlRequest(socket, { command: 'create-admin', username: APP_ADMIN.username, password: APP_ADMIN.password }));
      await use(server);
      await server.stop();
      server.cleanup();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  // Passkeys need a host name (an IP address cannot be a relying party): the same server as localhost.
  baseURL: async ({ server }, use) => use(`http://localhost:${server.port}`),
});

async function signInWithPassword(page: Page, admin: { username: string; password: string }): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/admin\/second-factor/);
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(/\/admin\/login$/);
}

test('admins sign in with a passkey or an authenticator code, recovery codes work once, and exports ask again after 10 minutes', async ({
  page,
  context,
  server,
}) => {
  test.setTimeout(150_000);
  // --- a new admin and a passkey ---
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });

  await signInWithPassword(page, PASSKEY_ADMIN);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up a second step for signing in' })).toBeVisible();
  // Nothing else opens before it is done.
  await page.goto('/admin/registrations');
  await page.waitForURL(/\/admin\/second-factor\?next=%2Fadmin%2Fregistrations/);
  await page.getByRole('button', { name: 'Set up a passkey' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved these codes' }).click();
  await expect(page).toHaveURL('/admin/registrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Registrations' })).toBeVisible();
  await signOut(page);

  await signInWithPassword(page, PASSKEY_ADMIN);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm it is you' })).toBeVisible();
  await page.getByRole('button', { name: 'Use your passkey' }).click();
  await expect(page).toHaveURL('/admin');
  await signOut(page);

  // --- a second admin and an authenticator app ---
  await signInWithPassword(page, APP_ADMIN);
  await page.getByRole('button', { name: 'Use an authenticator app' }).click();
  const key = ((await page.locator('.second-factor__secret code').textContent()) ?? '').replace(/\s/g, '');
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  // The code the phone's app shows; each is good once, so the next one not used yet.
  const nextCode = () => nextTotpCode(APP_ADMIN.username, key);
  await page.getByLabel('Code from your authenticator app').fill(await nextCode());
  await page.getByRole('button', { name: 'Confirm and finish' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  const codes = (await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents()).map((text) => text.trim());
  expect(codes).toHaveLength(10);
  await page.getByRole('button', { name: 'I have saved these codes' }).click();
  await expect(page).toHaveURL('/admin');
  await signOut(page);

  await signInWithPassword(page, APP_ADMIN);
  await page.getByLabel('Code from your authenticator app').fill(await nextCode());
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL('/admin');
  await signOut(page);

  // A recovery code works once.
  const withRecoveryCode = async (code: string) => {
    await signInWithPassword(page, APP_ADMIN);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(code);
    await page.getByRole('button', { name: 'Confirm' }).click();
  };
  await withRecoveryCode(codes[0]!);
  await expect(page).toHaveURL('/admin');
  await signOut(page);
  await withRecoveryCode(codes[0]!);
  await expect(page.getByText('That recovery code is not right, or was used already.')).toBeVisible();
  await page.getByRole('button', { name: 'Use the authenticator app instead' }).click();
  await page.getByLabel('Code from your authenticator app').fill(await nextCode());
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL('/admin');

  // --- 11 minutes later, an export asks for the factor again ---
  await page.goto('/admin/registrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Registrations' })).toBeVisible();
  const serverNow = await moveServerClock(server, 11 * 60_000);
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(dialog).toBeVisible();
  const download = page.waitForEvent('download');
  // The code of the server's moved clock, as a phone whose clock agrees with it would show.
  await dialog.getByLabel('Code from your authenticator app').fill(await generate({ secret: key, epoch: Math.floor(serverNow.getTime() / 1000) }));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  const file = await (await download).path();
  expect(readFileSync(file, 'utf8')).toContain('Name');
  await moveServerClock(server, 0);
});
