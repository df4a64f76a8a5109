import type { Page, Request } from '@playwright/test';
import { decodeQrPng, familyLinkIn, tokenOf } from '../setup/smtp-test-server';
import { expect, signInOnThisPage, testWithMail, waitForServiceWorker, watchPage } from './fixtures';
import { axeProblems, registerChild } from './outbox-helpers';

/**
 * The family journey of ADR 013: a family registers online, the confirmation reaches a real SMTP server (the
 * reference code, a QR image of it, the private link), the link opens their registration, they
 * correct the city and cancel, and the admin sees both ("by family"); then erasure and "Find my
 * registration". Its own server, so it can send mail to this test's SMTP server.
 */
const test = testWithMail();

async function signIn(page: Page, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/admin\/login/);
  await signInOnThisPage(page);
  await expect(page).toHaveURL(path);
}

test('a family gets one email with the code, its QR and their link; they correct and cancel, and the admin sees it "by family"', async ({
  page,
  browser,
  world: { smtp, server },
}) => {
  test.setTimeout(180_000);
  const problems = await watchPage(page, server.url);
  await page.goto('/registration');
  await expect(page.locator('main [inert]')).toHaveCount(0);
  const code = await registerChild(page, { name: 'Nila Family', age: 8, category: 'Dance Challenge', city: 'Chennai' }, 4242);

  // One email, to the parent, with the reference code, a QR image that decodes to it, and the link.
  const [mail] = await smtp.waitFor(1, 30_000);
  expect(smtp.received).toHaveLength(1);
  expect(mail?.to).toEqual(['parent4242@example.org']);
  expect(mail?.parsed.subject).toContain(code);
  expect(mail?.parsed.text).toContain(code);
  const images = mail?.parsed.attachments.filter((attachment) => attachment.contentType === 'image/png') ?? [];
  expect(images.length).toBeGreaterThan(0);
  expect(images.map((image) => decodeQrPng(image.content))).toContain(code);
  const link = familyLinkIn(mail!);
  expect(link.startsWith(`${server.url}/my/`)).toBe(true);
  const tokens = [tokenOf(link)];

  // The token goes to the API only as a bearer credential: never in a path, never as a referrer.
  const leaks: string[] = [];
  const watchToken = (request: Request) => {
    const url = request.url();
    if (url.includes('/my/')) return; // the page itself
    if (tokens.some((token) => url.includes(token) || (request.headers().referer ?? '').includes(token))) leaks.push(url);
  };
  page.on('request', watchToken);

  // The link's page arrives with the site's frame and the page's heading already in its HTML (issue 49).
  const html = await (await page.request.get(link)).text();
  expect(html).toContain('<h1 id="family-heading">Your registration</h1>');
  expect(html).toContain('class="site-header"');
  expect(html).not.toContain(tokenOf(link));
  // Before any of the site's scripts has run, the shell's own script draws the summary, in the
  // page's words, and points the language switch at this link.
  const bare = await browser.newPage({ baseURL: server.url });
  await bare.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await bare.goto(link);
  await expect(bare.getByText(`Reference code ${code}`)).toBeVisible();
  await expect(bare.getByText('Status: Registered')).toBeVisible();
  await expect(bare.getByRole('img', { name: `QR code of the reference code ${code}` })).toBeVisible();
  await expect(bare.getByRole('link', { name: 'தமிழ்' })).toHaveAttribute('href', `/ta/my/${tokenOf(link)}`);
  await bare.close();
  // With no JavaScript at all, the frame says what the page needs instead of loading for ever.
  const noScript = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false });
  const still = await noScript.newPage();
  await still.goto(link);
  await expect(still.getByText(/^Showing your registration needs JavaScript, which is turned off in this browser/)).toBeVisible();
  await noScript.close();

  // With them, the page hydrates the frame in place (the same heading node) and replaces the drawn
  // summary with its own, moving nothing that was drawn.
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number; serverHeading?: Element };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) w.shifts += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    document.addEventListener('DOMContentLoaded', () => {
      w.serverHeading = document.querySelector('main h1') ?? undefined;
    });
  });
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Your registration' })).toBeVisible();
  await expect(page.locator('.family-details')).toBeVisible();
  expect(await page.evaluate(() => document.querySelector('main h1') === (window as unknown as { serverHeading?: Element }).serverHeading)).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.02);
  expect(problems.consoleErrors).toEqual([]);
  await expect(page.getByText(`Reference code ${code}`)).toBeVisible();
  await expect(page.getByText('Status: Registered')).toBeVisible();
  await expect(page.getByRole('img', { name: `QR code of the reference code ${code}` })).toBeVisible();
  await expect(page.locator('.family-details')).toContainText('Nila Family');
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.getByRole('heading', { name: 'Parental consent' })).toBeVisible();
  await expect(page.getByText('Parent 4242 gave consent')).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);

  // Correct the city, with the same rules as the form.
  await page.getByRole('button', { name: 'Correct details' }).click();
  const city = page.getByLabel('City', { exact: true });
  await city.fill('');
  await page.getByRole('button', { name: 'Save corrections' }).click();
  await expect(city).toHaveAccessibleDescription('Enter a city.');
  expect(await axeProblems(page)).toEqual([]);
  await city.fill('Tambaram');
  await page.getByRole('button', { name: 'Save corrections' }).click();
  await expect(page.getByText('Your corrections are saved.')).toBeVisible();
  await expect(page.locator('.family-details')).toContainText('Tambaram');

  // The admin sees the correction in the table, and in the audit log by "family".
  const admin = await browser.newPage({ baseURL: server.url });
  await signIn(admin, `/admin/registrations?q=${code}`);
  const row = admin.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('Tambaram');
  await admin.goto('/admin/audit');
  const edit = admin.getByRole('row').filter({ hasText: 'Edited registration' }).filter({ hasText: 'Tambaram' });
  await expect(edit).toContainText('family');
  await expect(edit).toContainText('"Chennai" → "Tambaram"');

  // Cancel, with a confirmation step.
  await page.getByRole('button', { name: 'Cancel registration…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this registration?' });
  await expect(dialog).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByText('Status: Cancelled by you')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Correct details' })).toHaveCount(0);

  // The admin table marks it cancelled by the family (not deleted); its details show the email and consent.
  await admin.goto(`/admin/registrations?q=${code}`);
  await expect(row).toContainText('Cancelled by family');
  await row.getByRole('button', { name: 'Details of Nila Family' }).click();
  const details = admin.getByRole('dialog', { name: 'Registration of Nila Family' });
  await expect(details).toContainText('Sent: Confirmation on registration');
  await expect(details).toContainText('to parent4242@example.org');
  await expect(details).toContainText('Parent 4242 consented to privacy notice version');
  await expect(details).toContainText('Cancelled by the family');
  expect(await axeProblems(admin)).toEqual([]);
  // Resend: a second confirmation with a new link; the first link keeps working beside it (issue 44).
  await details.getByRole('button', { name: 'Resend confirmation' }).click();
  await expect(details.getByText('Confirmation queued')).toBeVisible();
  await smtp.waitFor(2, 30_000);
  const resent = smtp.received[1]!;
  expect(resent.parsed.subject).toContain(code);
  const newLink = familyLinkIn(resent);
  expect(newLink).not.toBe(link);
  tokens.push(tokenOf(newLink));
  await expect(details).toContainText('Confirmation resent by an admin');
  await page.reload();
  await expect(page.getByText('Status: Cancelled by you')).toBeVisible();
  // A forwarded email: from the new link, the family turns off every older one.
  await page.goto(newLink);
  await expect(page.getByText('Status: Cancelled by you')).toBeVisible();
  await page.getByRole('button', { name: 'Turn off every older link' }).click();
  const turnOff = page.getByRole('dialog', { name: 'Turn off every older link?' });
  expect(await axeProblems(page)).toEqual([]);
  await turnOff.getByRole('button', { name: 'Yes, turn them off' }).click();
  await expect(page.getByText('1 older link was turned off. Only this one works now.')).toBeVisible();
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'This link no longer works' })).toBeVisible();
  await expect(page.getByText(/^This link was turned off by the family/)).toBeVisible();
  await page.goto(newLink);
  await expect(page.getByText('Status: Cancelled by you')).toBeVisible();
  await admin.keyboard.press('Escape');
  await admin.goto('/admin/audit');
  await expect(admin.getByRole('row').filter({ hasText: 'Cancelled registration' }).first()).toContainText('family');
  await expect(admin.getByRole('row').filter({ hasText: 'Turned off older private links' }).first()).toContainText('family');

  // Download my data: a JSON file of everything stored.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`my-data-${code}.json`);
  const exported = JSON.parse(await streamText(await download.createReadStream())) as { registration: { city: string; referenceCode: string } };
  expect(exported.registration).toMatchObject({ city: 'Tambaram', referenceCode: code });

  // Erase my data: the request shows its due date; the admin carries it out in one click.
  await page.getByRole('button', { name: 'Erase my data…' }).click();
  await page.getByRole('dialog', { name: 'Erase this registration’s data?' }).getByRole('button', { name: 'Yes, ask for erasure' }).click();
  await expect(page.getByText(/The organisers will do it by \d+ \w+ \d{4}/)).toBeVisible();
  await admin.goto('/admin/erasure-requests');
  const request = admin.getByRole('row').filter({ hasText: code });
  await expect(request).toContainText('Nila Family');
  expect(await axeProblems(admin)).toEqual([]);
  await request.getByRole('button', { name: 'Erase now: Nila Family' }).click();
  await admin.getByRole('dialog', { name: 'Erase this registration now?' }).getByRole('button', { name: 'Erase' }).click();
  await expect(request).toContainText('Erased');
  await expect(request).not.toContainText('Nila Family');

  // The link now leads to a friendly page with the way to a new one.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'This link is not valid' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Find my registration' })).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);

  expect(leaks).toEqual([]);
  // Nothing the service worker (or anything else) cached is keyed by, or holds, the family's link.
  await waitForServiceWorker(page);
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      urls.push(...(await cache.keys()).map((request) => request.url));
    }
    return urls;
  });
  expect(cached.length, 'the service worker precached the site').toBeGreaterThan(10);
  expect(cached.filter((url) => url.includes('/my/') || url.includes('/api/family') || tokens.some((token) => url.includes(token)))).toEqual([]);
  // The turned-off link's 410 and the erased link's 404 are the expected failures.
  expect(problems.failedRequests.filter((failure) => !/^(404|410) .*\/api\/family\/registration$/.test(failure))).toEqual([]);
  await admin.close();
});

test('a forged link and "Find my registration": friendly pages, the same answer either way, and the link emailed again', async ({
  page,
  world: { smtp },
}) => {
  test.setTimeout(120_000);
  await page.goto(`/my/${'A'.repeat(43)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'This link is not valid' })).toBeVisible();
  await page.goto('/my/not-a-token');
  await expect(page.getByRole('heading', { level: 1, name: 'This link is not valid' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Find my registration' }).click();
  await expect(page).toHaveURL('/find-my-registration');

  const before = smtp.received.length;
  await page.goto('/registration');
  await expect(page.locator('main [inert]')).toHaveCount(0);
  const code = await registerChild(page, { name: 'Kavin Find', age: 6, category: 'Yoga Competition', city: 'Chennai' }, 4343);
  await smtp.waitFor(before + 1, 30_000);

  await page.goto('/find-my-registration');
  await expect(page.locator('main [inert]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Email me the link' }).click();
  await expect(page.getByLabel('Reference code')).toHaveAccessibleDescription(/Enter the reference code/);

  // A wrong phone: the same neutral answer, and nothing is sent.
  await page.getByLabel('Reference code').fill(code);
  await page.getByLabel('Email or phone').fill('98765 00000');
  await page.getByRole('button', { name: 'Email me the link' }).click();
  const answer = page.getByText('If these details match a registration, we have emailed its private link');
  await expect(answer).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);

  // The right email: the same answer, and the link is emailed again.
  await page.getByLabel('Email or phone').fill('parent4343@example.org');
  await page.getByRole('button', { name: 'Email me the link' }).click();
  await expect(answer).toBeVisible();
  const received = await smtp.waitFor(before + 2, 30_000);
  const again = received.at(-1)!;
  expect(again.parsed.subject).toContain(code);
  await page.goto(familyLinkIn(again));
  await expect(page.getByText(`Reference code ${code}`)).toBeVisible();

  // Rate limited: 3 tries per reference code and contact an hour (counted match or not), then
  // "try again later". The wrong phone above spent only its own pair's tries.
  await page.goto('/find-my-registration');
  await expect(page.locator('main [inert]')).toHaveCount(0);
  await page.getByLabel('Reference code').fill(code);
  await page.getByLabel('Email or phone').fill('parent4343@example.org');
  for (let attempt = 2; attempt <= 3; attempt++) {
    await page.getByRole('button', { name: 'Email me the link' }).click();
    await expect(answer).toBeVisible();
  }
  await page.getByRole('button', { name: 'Email me the link' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please try again later' })).toBeVisible();
});

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
