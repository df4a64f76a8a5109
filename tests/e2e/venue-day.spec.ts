import { randomUUID } from 'node:crypto';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, launchProfile, test, waitForServiceWorker } from './fixtures';
import { axeProblems, registerChild, signInAsAdmin } from './outbox-helpers';

const SESSION_ID = '2027-l1-crawling-t-nagar';
const STAFF = { username: 'hall-staff', password: 'venue day passphrase 2027' };
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function referenceCode(): string {
  const pick = () => Array.from({ length: 4 }, () => CROCKFORD[Math.floor(Math.random() * 32)]).join('');
  return `KTC-${pick()}-${pick()}`;
}

type Baby = { id: string; referenceCode: string; name: string };

/** 50 crawling babies registered online before the day, as families would. */
async function seedRoster(request: APIRequestContext, origin: string): Promise<Baby[]> {
  const run = Math.random().toString(36).slice(2, 6);
  const babies = Array.from({ length: 50 }, (_, i) => ({
    id: randomUUID(),
    referenceCode: referenceCode(),
    type: 'participant',
    name: `Baby ${run} ${String(i + 1).padStart(2, '0')}`,
    age: 5 + (i % 5),
    email: `family${i}@example.org`,
    phone: `98400${String(10000 + i)}`,
    city: 'Chennai',
    categories: ['crawling'],
    agreeTerms: true,
  }));
  const response = await request.post('/api/registrations/batch', {
    headers: { Origin: origin, 'X-Requested-With': 'fetch' },
    data: { registrations: babies },
  });
  expect(response.status()).toBe(200);
  return babies.map(({ id, referenceCode: code, name }) => ({ id, referenceCode: code, name }));
}

async function createStaff(request: APIRequestContext, origin: string): Promise<void> {
  await signInAsAdmin(request, origin);
  const response = await request.post('/api/staff', { headers: { Origin: origin, 'X-Requested-With': 'fetch' }, data: STAFF });
  expect([201, 409]).toContain(response.status());
}

async function openVenue(context: BrowserContext): Promise<Page> {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`/venue?session=${SESSION_ID}`);
  return page;
}

async function signInAndDownload(page: Page, expected: number, deviceName: string): Promise<void> {
  await page.getByLabel('Username').fill(STAFF.username);
  await page.getByLabel('Password').fill(STAFF.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('banner').getByText(`Signed in as ${STAFF.username}`)).toBeVisible();
  // Named once, on each device: the header, the other phones and the admin then say this name.
  await page.getByLabel('This device’s name').fill(deviceName);
  await page.getByRole('button', { name: 'Name this device' }).click();
  await expect(page.getByRole('banner').getByText(`Signed in as ${STAFF.username} on ${deviceName}`)).toBeVisible();
  await page.getByRole('button', { name: 'Download roster' }).click();
  await expect(page.getByText(`${expected} children on this device`)).toBeVisible();
}

async function find(page: Page, baby: Baby): Promise<void> {
  const search = page.getByLabel('Search by name or reference code');
  await search.fill(baby.referenceCode);
  await search.press('Enter');
  await expect(page.getByRole('heading', { level: 3, name: baby.name })).toBeVisible();
}

async function idbCounts(page: Page, name: string): Promise<Record<string, number>> {
  return page.evaluate(
    (name) =>
      new Promise<Record<string, number>>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const names = Array.from(db.objectStoreNames);
          const tx = db.transaction(names, 'readonly');
          const counts: Record<string, number> = {};
          for (const name of names) {
            const request = tx.objectStore(name).count();
            request.onsuccess = () => (counts[name] = request.result);
          }
          tx.oncomplete = () => {
            db.close();
            resolve(counts);
          };
        };
      }),
    name,
  );
}

test('a venue day: roster of 50 offline, 20 check-ins (one twice), 5 walk-ins, 10 fees, restart, sync, reconcile, clear; a second device loses the race', async ({
  server,
  request,
}) => {
  test.setTimeout(360_000);
  await createStaff(request, server.url);
  const babies = await seedRoster(request, server.url);
  const summary = async () => {
    await signInAsAdmin(request, server.url);
    const response = await request.get('/api/venue/summary');
    const body = (await response.json()) as { sessions: { sessionId: string; checkedIn: number; walkIns: number; fees: { paid: number; paidRupees: number }; byStaff: { deviceId: string; deviceName: string | null }[] }[] };
    return body.sessions.find((s) => s.sessionId === SESSION_ID)!;
  };
  const before = await summary();

  // Device 1 signs in online and downloads the roster; so does device 2.
  const first = await launchProfile(server.url);
  let context = first.context;
  let page = await openVenue(context);
  await waitForServiceWorker(page);
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  // 50 on a fresh server; more when other specs on this worker's server registered babies too.
  const rosterSize = ((await (await request.get(`/api/venue/sessions/${SESSION_ID}/roster`)).json()) as { entries: unknown[] }).entries.length;
  expect(rosterSize).toBeGreaterThanOrEqual(50);
  await signInAndDownload(page, rosterSize, 'Desk laptop');

  // Device 2 is a phone (390 × 844, touch).
  const second = await launchProfile(server.url, undefined, { phone: true });
  const page2 = await openVenue(second.context);
  await waitForServiceWorker(page2);
  await signInAndDownload(page2, rosterSize, 'Hall phone 2');

  // Venue mode is its own screen: its header names the session in full and the sync state in
  // words; the public site's menu, sidebar, footer and newsletter are not there.
  const header = page2.getByRole('banner');
  await expect(header).toContainText('Crawling (5-9 months), Level 1 · Partner school, T. Nagar · Sunday, 18 April 2027');
  await expect(header.getByText('All sent')).toBeVisible();
  await expect(page2.getByRole('navigation')).toHaveCount(0);
  await expect(page2.getByRole('contentinfo')).toHaveCount(0);
  await expect(page2.getByText(/newsletter/i)).toHaveCount(0);
  // The roster count is there: the download is complete.
  await expect(page2.getByRole('button', { name: 'Update roster' })).toBeVisible();

  // A search with 20 results: tapping one far down the list brings the child's card into view
  // with its Check in button, under the search field that stays at hand.
  const search2 = page2.getByLabel('Search by name or reference code');
  await search2.fill(babies[0]!.name.slice(0, -3));
  await expect(page2.getByRole('list', { name: 'Search results' }).getByRole('listitem')).toHaveCount(20);
  await page2.getByRole('button', { name: new RegExp(`^${babies[15]!.name}`) }).tap();
  await expect(page2.getByRole('button', { name: `Check in ${babies[15]!.name}` })).toBeInViewport({ ratio: 1 });
  await expect(page2.getByRole('heading', { level: 3, name: babies[15]!.name })).toBeFocused();
  await expect(search2).toBeInViewport({ ratio: 1 });
  expect(await axeProblems(page2)).toEqual([]);
  // One tap clears the search for the next family, and the field is ready for typing.
  await page2.getByRole('button', { name: 'Clear search' }).tap();
  await expect(search2).toHaveValue('');
  await expect(search2).toBeFocused();
  await expect(page2.locator('.venue-find').getByRole('heading', { level: 3 })).toHaveCount(0);

  // Both offline. Device 2 checks in the first baby.
  await second.context.setOffline(true);
  await find(page2, babies[0]!);
  await page2.getByRole('button', { name: `Check in ${babies[0]!.name}` }).click();
  await expect(page2.getByText(/^Checked in at .* by hall-staff on this device\.$/)).toBeVisible();
  await expect(page2.getByRole('banner').getByText(/^1 waiting to send/)).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(`${rosterSize} children on this device`)).toBeVisible();

  // 20 check-ins; the 5th baby is brought back and shown as already checked in.
  for (const baby of babies.slice(0, 20)) {
    await find(page, baby);
    if (baby === babies[1]) await page.getByLabel(/Date of birth/).fill('2026-10-01');
    await page.getByRole('button', { name: `Check in ${baby.name}` }).click();
    await expect(page.getByText(/^Checked in at .* by hall-staff on this device\.$/)).toBeVisible();
  }
  await find(page, babies[4]!);
  await expect(page.getByText(/^Checked in at .* by hall-staff on this device\.$/)).toBeVisible();
  await expect(page.getByRole('button', { name: `Check in ${babies[4]!.name}` })).toHaveCount(0);

  expect(await axeProblems(page)).toEqual([]);

  // 10 cash fees.
  for (const baby of babies.slice(0, 10)) {
    await find(page, baby);
    await page.getByRole('button', { name: 'Mark ₹333 paid in cash' }).click();
    await expect(page.getByText(/Fee paid \(₹333\)/)).toBeVisible();
  }

  // 5 walk-ins through the registration form, crawling preselected.
  await page.getByRole('link', { name: 'Register a walk-in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Walk-in registration' })).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  for (let i = 0; i < 5; i++) {
    await registerChild(page, { name: `Walk-in ${i + 1}`, age: 6, category: 'Crawling (5-9 months) - In Person', city: 'Chennai' }, 100 + i);
  }

  // Reload, then close the browser and reopen it on the same profile, still offline.
  await page.reload();
  await context.close();
  context = (await launchProfile(server.url, first.userDataDir)).context;
  await context.setOffline(true);
  page = await openVenue(context);
  await expect(page.getByRole('banner').getByRole('link', { name: /^35 waiting to send/ })).toBeVisible();
  expect((await summary()).checkedIn).toBe(before.checkedIn);

  // Online: everything reaches the server once.
  await context.setOffline(false);
  await expect(page.getByRole('banner').getByText('All sent')).toBeVisible({ timeout: 60_000 });
  const after = await summary();
  expect(after.checkedIn - before.checkedIn).toBe(20);
  expect(after.walkIns - before.walkIns).toBe(5);
  expect(after.fees.paid - before.fees.paid).toBe(10);
  expect(after.fees.paidRupees - before.fees.paidRupees).toBe(3330);
  // A walk-in carries the parent's consent, taken by the staff member (channel field-staff).
  const found = (await (await request.get('/api/registrations?q=Walk-in%201&limit=5')).json()) as { items: { id: string; name: string }[] };
  const walkIn = found.items.find((item) => item.name === 'Walk-in 1')!;
  const details = (await (await request.get(`/api/registrations/${walkIn.id}`)).json()) as { consent: { guardianName: string; channel: string } | null };
  expect(details.consent).toMatchObject({ guardianName: 'Parent 100', channel: 'field-staff' });

  // Device 2 comes online: its check-in of the first baby loses, and it says so in one sentence
  // naming the device that was first, not its own.
  await second.context.setOffline(false);
  const lost = page2.getByText(/^Another device was first: checked in at .* by hall-staff on Desk laptop\.$/);
  await expect(lost).toBeVisible({ timeout: 60_000 });
  expect(((await lost.textContent()) ?? '').match(/\./g)).toHaveLength(1);
  await expect(page2.getByText(/^Checked in at/)).toHaveCount(0);
  const afterRace = await summary();
  expect(afterRace.checkedIn - before.checkedIn).toBe(20);
  // The admin's summary says which phone did what by the names staff gave them.
  expect(afterRace.byStaff.map((row) => row.deviceName)).toContain('Desk laptop');
  // Its end of day counts that check-in as the other device's.
  await expect(page2.getByText('From this device for this session: 0 walk-in registrations, 0 check-ins,')).toBeVisible();
  await expect(page2.getByText(/^1 child checked in here had already been checked in by another device/)).toBeVisible();

  // Reconciliation on device 1, then Clear this device.
  await page.getByRole('button', { name: 'Check everything reached the server' }).click();
  await expect(page.getByText('All 35 records from this device are on the server.')).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  await page.getByRole('button', { name: 'Clear this device' }).click();
  await expect(page.getByText(/This device is clear/)).toBeVisible();
  // The outbox (its version 2 roster tables stay, empty) and venue mode's own roster database.
  expect(await idbCounts(page, 'ktc-outbox')).toEqual({ records: 0, roster: 0, rosters: 0 });
  expect(await idbCounts(page, 'ktc-venue')).toEqual({ roster: 0, rosters: 0 });

  await context.close();
  await second.context.close();
});


test('venue mode in Tamil on a phone: sign in, name the device, download the roster, check a child in and see it sent, all in Tamil', async ({ server, request }) => {
  test.setTimeout(180_000);
  await createStaff(request, server.url);
  const [baby] = await seedRoster(request, server.url);
  const { context } = await launchProfile(server.url, undefined, { phone: true });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`/ta/venue?session=${SESSION_ID}`);
  await expect(page.locator('html')).toHaveAttribute('lang', /^ta/);
  await expect(page.getByRole('heading', { name: 'பணியாளர் உள்நுழைவு' })).toBeVisible();
  // The header names the session in Tamil, and offers the same screen in English.
  const header = page.getByRole('banner');
  await expect(header).toContainText('தவழும் போட்டி (5-9 மாதங்கள்), நிலை 1 · கூட்டாளர் பள்ளி, தி. நகர்');
  await expect(header.getByRole('link', { name: 'English' })).toHaveAttribute('href', `/venue?session=${SESSION_ID}`);

  await page.getByLabel('பயனர் பெயர்').fill(STAFF.username);
  await page.getByLabel('கடவுச்சொல்').fill(STAFF.password);
  await page.getByRole('button', { name: 'உள்நுழை' }).click();
  await page.getByLabel('இந்தச் சாதனத்தின் பெயர்').fill('மேசை டேப்லெட்');
  await page.getByRole('button', { name: 'பெயரைச் சேமி' }).click();
  await expect(header.getByText(`${STAFF.username} உள்நுழைந்துள்ளார், சாதனம்: மேசை டேப்லெட்`)).toBeVisible();
  await page.getByRole('button', { name: 'பட்டியலைப் பதிவிறக்கு' }).click();
  await expect(page.getByText(/^இந்தச் சாதனத்தில் \d+ குழந்தைகள், .* அன்று புதுப்பிக்கப்பட்டது\.$/)).toBeVisible();

  const search = page.getByLabel('பெயர் அல்லது குறிப்பு எண் மூலம் தேடுங்கள்');
  await search.fill(baby!.referenceCode);
  await search.press('Enter');
  await expect(page.getByRole('heading', { level: 3, name: baby!.name })).toBeVisible();
  const checkIn = page.getByRole('button', { name: `${baby!.name}: வருகையைப் பதிவு செய்` });
  await expect(checkIn).toBeInViewport({ ratio: 1 });
  expect(await axeProblems(page)).toEqual([]);
  await checkIn.click();
  await expect(page.getByText(/^வருகை பதிவானது: .*, hall-staff, சாதனம்: இந்தச் சாதனம்\.$/)).toBeVisible();
  await expect(header.getByText('எல்லாம் அனுப்பப்பட்டது')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^இந்த அமர்வில் இந்தச் சாதனத்திலிருந்து: 0 நேரடிப் பதிவுகள், 1 வருகைப் பதிவுகள்/)).toBeVisible();

  // The server has it, from the device by its Tamil name.
  await signInAsAdmin(request, server.url);
  const summary = (await (await request.get('/api/venue/summary')).json()) as { sessions: { sessionId: string; byStaff: { deviceName: string | null }[] }[] };
  expect(summary.sessions.find((s) => s.sessionId === SESSION_ID)!.byStaff.map((row) => row.deviceName)).toContain('மேசை டேப்லெட்');
  await context.close();
});
