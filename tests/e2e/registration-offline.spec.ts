import { PRIVACY_NOTICE } from '../../domain/season';
import { expect, launchProfile, test, waitForServiceWorker } from './fixtures';
import { registerChild, signInAsAdmin, type Child } from './outbox-helpers';

const CHILDREN: Child[] = [
  { name: 'Aarav Kumar', age: 7, category: 'Dance Challenge', city: 'Chennai' },
  { name: 'Diya Raman', age: 9, category: 'Singing Contest', city: 'Chennai' },
  { name: 'Ishaan Iyer', age: 5, category: 'Drawing Competition', city: 'Tambaram' },
  { name: 'Meera Nair', age: 11, category: 'Storytelling', city: 'Chennai' },
  { name: 'Kabir Shah', age: 6, category: 'Coloring Competition', city: 'Avadi' },
  { name: 'Ananya Das', age: 13, category: 'Yoga Competition', city: 'Chennai' },
  { name: 'Baby Nila', age: 7, category: 'Crawling (5-9 months) - In Person', city: 'Chennai' },
  { name: 'Rohan Pillai', age: 8, category: 'Art & Craft', city: 'Velachery' },
  { name: 'Baby Arjun', age: 12, category: 'Fastest Walking (9-15 months) - In Person', city: 'Chennai' },
  { name: 'Saanvi Rao', age: 10, category: 'Handwriting', city: 'Chennai' },
];

test('field staff register 10 children offline; after reloads and a browser restart all 10 reach the server once', async ({
  server,
}) => {
  test.setTimeout(240_000);
  // 1. Load /registration and wait for the service worker to control the page.
  const first = await launchProfile(server.url);
  let context = first.context;
  let page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/registration');
  await waitForServiceWorker(page);

  // 2. Offline, the page still opens.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Register for the competition' })).toBeVisible();

  // 3. Ten children, two of them in the baby contests (age in months, within the band).
  const codes: string[] = [];
  for (const [index, child] of CHILDREN.entries()) {
    if (child.category.includes('months')) {
      await page.getByRole('button', { name: /Categories/ }).click();
      await page.getByRole('checkbox', { name: child.category, exact: true }).check();
      await expect(page.getByLabel(/^Age/)).toHaveAccessibleName('Age (in months)');
      await page.getByRole('checkbox', { name: child.category, exact: true }).uncheck();
      await page.keyboard.press('Escape');
    }
    codes.push(await registerChild(page, child, index));
  }
  expect(new Set(codes).size).toBe(10);
  const badge = page.getByRole('link', { name: '10 registrations waiting to sync' });
  await expect(badge).toBeVisible();

  // 4. Reload, still offline: all 10 pending.
  await page.reload();
  await expect(badge).toBeVisible();
  await page.goto('/saved');
  await expect(page.getByRole('heading', { name: 'Not sent yet (10)' })).toBeVisible();
  for (const code of codes) await expect(page.getByText(code, { exact: true })).toBeVisible();

  // 5. Close the browser and reopen it on the same profile: all 10 still pending.
  await context.close();
  context = (await launchProfile(server.url, first.userDataDir)).context;
  await context.setOffline(true);
  page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/registration');
  await expect(page.getByRole('link', { name: '10 registrations waiting to sync' })).toBeVisible();

  // 6. Online again: everything is sent, the badge clears.
  await context.setOffline(false);
  await expect(page.getByRole('link', { name: /waiting to sync/ })).toHaveCount(0, { timeout: 60_000 });

  // Exactly once on the server, with the codes the families were given.
  await signInAsAdmin(context.request, server.url);
  // Every page of the table: the worker's server is shared with specs that seed hundreds of rows.
  type Row = { id: string; name: string; referenceCode: string; age: number; ageUnit: string };
  const rows: Row[] = [];
  let total: number | null = null;
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const response = await context.request.get(`/api/registrations?limit=200${query}`);
    expect(response.status()).toBe(200);
    const page: { total: number; items: Row[]; nextCursor: string | null } = await response.json();
    total ??= page.total;
    rows.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  // Look only at this journey's children.
  const ours = rows.filter((r) => CHILDREN.some((c) => c.name === r.name));
  expect(ours.map((r) => r.referenceCode).sort()).toEqual([...codes].sort());
  expect(ours.map((r) => r.name).sort()).toEqual(CHILDREN.map((c) => c.name).sort());
  const crawler = ours.find((r) => r.name === 'Baby Nila');
  expect(crawler).toMatchObject({ age: 7, ageUnit: 'months' });
  // The parent's consent travelled with the queued record: who, the notice version, the channel,
  // and the time the box was ticked on the device (before the sync).
  const detail = (await (await context.request.get(`/api/registrations/${crawler?.id}`)).json()) as {
    consent: { guardianName: string; noticeVersion: string; channel: string; consentedAt: string; recordedAt: string } | null;
  };
  const index = CHILDREN.findIndex((c) => c.name === 'Baby Nila');
  expect(detail.consent).toMatchObject({ guardianName: `Parent ${index}`, noticeVersion: PRIVACY_NOTICE.version, channel: 'web' });
  expect(Date.parse(detail.consent?.consentedAt ?? '')).toBeLessThan(Date.parse(detail.consent?.recordedAt ?? ''));

  // A second sync (another trigger, e.g. the tab becoming visible) creates nothing new.
  await page.goto('/saved');
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByRole('heading', { name: 'Not sent yet (0)' })).toBeVisible();
  const again = (await (await context.request.get('/api/registrations?limit=200')).json()) as { total: number };
  expect(again.total).toBe(total);
  // Exactly one confirmation email queued (or sent) for each record, though the outbox synced twice.
  for (const row of ours) {
    const { emails } = (await (await context.request.get(`/api/registrations/${row.id}`)).json()) as { emails: { template: string }[] };
    expect(emails.map((email) => email.template), row.name).toEqual(['confirmation']);
  }
  await context.close();
});
