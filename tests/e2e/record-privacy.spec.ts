import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { createReferenceCode } from '@domain/reference-code';
import type { RegistrationInput } from '@domain/registration';
import { queueRegistrations, waitForOutbox } from '../faults/support/outbox-in-page';
import { expect, test } from './fixtures';
import { registerChild } from './outbox-helpers';

/**
 * ADR 009: the server shows a stored record only to the device holding the record's secret. The
 * device that made a record still sees both versions of a conflict; anyone else, an older device
 * included, learns only that the record conflicts.
 */

const CONFLICT = { code: 'conflict', message: 'A different registration was already saved with this id.' };

function childRegistration(overrides: Partial<RegistrationInput> = {}): RegistrationInput {
  return {
    id: randomUUID(),
    referenceCode: createReferenceCode(),
    type: 'participant',
    name: 'Kavin Murugan',
    age: 8,
    email: 'kavin.parent@example.org',
    phone: '9840011223',
    city: 'Chennai',
    categories: ['drawing'],
    agreeTerms: true,
    ...overrides,
  };
}

/** A stranger with the id alone (no cookie, no secret): the audit's probe, single and batch. */
async function probeAsStranger(request: APIRequestContext, id: string, storedValues: string[]): Promise<void> {
  const probe = childRegistration({ id, name: 'Probe', city: 'Nowhere' });
  const single = await request.post('/api/registrations', { data: probe });
  expect(single.status()).toBe(409);
  expect(await single.json()).toEqual({ error: CONFLICT });
  const batch = await request.post('/api/registrations/batch', { data: { registrations: [probe] } });
  const text = await batch.text();
  expect(JSON.parse(text)).toEqual({ results: [{ index: 0, id, status: 'conflict', error: CONFLICT }] });
  for (const value of storedValues) expect(text).not.toContain(value);
}

async function openConflictCard(page: Page, name: string) {
  await page.goto('/saved');
  await page.getByRole('button', { name: 'Sync now' }).click();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(card.getByText('Conflict', { exact: true })).toBeVisible({ timeout: 20_000 });
  return card;
}

test("a device's record that conflicts with the server's copy shows both versions; a stranger's probe gets nothing", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // The first send reaches the server but its answer is lost; then the server seems down, so the
  // record waits on the device, where the field worker corrects the city.
  type Sent = RegistrationInput & { recordSecret: string };
  let sent: Sent | null = null;
  await page.route('**/api/registrations/batch', async (route) => {
    const body = route.request().postDataJSON() as { registrations: Sent[] };
    sent = body.registrations[0] ?? null;
    await route.fetch();
    await page.route('**/api/health', (health) => health.fulfill({ status: 503, json: { ok: false, db: 'pglite' } }));
    await route.abort('connectionreset');
  });

  await page.goto('/registration');
  await registerChild(page, { name: 'Nila Senthil', age: 9, category: 'Singing Contest', city: 'Chennai' }, 901);
  await expect.poll(() => sent).not.toBeNull();
  const { recordSecret, ...original } = sent as unknown as Sent;
  const { id } = original;
  expect(recordSecret).toMatch(/^[0-9a-f]{64}$/);
  await page.unroute('**/api/registrations/batch');

  await page.goto('/saved');
  await expect(page.getByText('Waiting to send')).toBeVisible();
  await page.goto(`/registration?edit=${id}`);
  // The page arrives as the blank (prerendered) registration form, usable before the script
  // (ADR 031); the saved record's form replaces it once live.
  await expect(page.getByRole('button', { name: 'Register again with these corrections' })).toBeVisible();
  await page.getByLabel('City', { exact: true }).fill('Madurai');
  await page.getByRole('button', { name: 'Register again with these corrections' }).click();
  await expect(page).toHaveURL(/\/saved$/);

  await page.unroute('**/api/health');
  const card = await openConflictCard(page, 'Nila Senthil');
  await expect(card.getByText('The server already has a different version of this record.')).toBeVisible();
  const city = card.getByRole('row', { name: /^City/ });
  await expect(city.getByRole('cell')).toHaveText(['Madurai', 'Chennai (different)']);
  await expect(card.getByRole('row', { name: /^Name/ }).getByRole('cell')).toHaveText(['Nila Senthil', 'Nila Senthil']);

  // Someone who learned the id (an export, an audit entry, a shared phone) learns nothing more.
  await probeAsStranger(request, id, ['Nila', 'Senthil', 'parent901@', '9876500901', 'Chennai', 'Madurai']);
  // Even replaying the original content exactly, without the secret, shows nothing stored.
  const replay = await request.post('/api/registrations', { data: original });
  expect(replay.status()).toBe(200);
  expect(await replay.json()).toEqual({ status: 'duplicate', id });

  // The device can still send its version as a new registration.
  await card.getByRole('button', { name: 'Send mine as a new registration' }).click();
  await expect(page.getByRole('heading', { name: 'Not sent yet (0)' })).toBeVisible({ timeout: 20_000 });
});

test('a device without the secret (records saved before secrets) still syncs, and a conflict shows only its own version', async ({
  page,
  request,
}) => {
  // What an older build sent: stored on the server without any secret.
  const earlier = childRegistration({ name: 'Ilakkiya Bose', city: 'Vellore' });
  expect((await request.post('/api/registrations', { data: earlier })).status()).toBe(201);

  await page.goto('/saved');
  await waitForOutbox(page);
  // The same record corrected on that device, and another one never sent, both saved by the old build.
  const corrected = { ...earlier, city: 'Katpadi' };
  const unsent = childRegistration({ name: 'Tharun Bose' });
  await queueRegistrations(page, [corrected, unsent]);

  const card = await openConflictCard(page, 'Ilakkiya Bose');
  await expect(card.getByText(/only to the device that first sent it/)).toBeVisible();
  await expect(card.getByRole('columnheader')).toHaveText(['Field', 'On this device']);
  await expect(card.getByRole('row', { name: /^City/ }).getByRole('cell')).toHaveText(['Katpadi']);
  await expect(card).not.toContainText('Vellore');

  const sentCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Tharun Bose' }) });
  await expect(sentCard.locator('.outbox-status')).toHaveText('Sent');
  // Both were given a secret on the device before they were sent again.
  const secrets = await page.evaluate(async (ids) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('ktc-outbox');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const records = await Promise.all(
      ids.map(
        (id) =>
          new Promise<{ recordSecret?: string } | undefined>((resolve) => {
            const get = db.transaction('records').objectStore('records').get(id);
            get.onsuccess = () => resolve(get.result as { recordSecret?: string } | undefined);
          }),
      ),
    );
    db.close();
    return records.map((record) => record?.recordSecret ?? null);
  }, [earlier.id, unsent.id]);
  for (const secret of secrets) expect(secret).toMatch(/^[0-9a-f]{64}$/);

  await probeAsStranger(request, earlier.id, ['Ilakkiya', 'Vellore', 'Katpadi']);
});
