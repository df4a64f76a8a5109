import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, launchProfile, openLive, test, waitForServiceWorker } from './fixtures';
import { axeProblems, registerChildByApi, signInAsAdmin, tokenInMailFolder } from './outbox-helpers';
import { TAMIL_ROUTES } from './public-routes';

// ADR 015: Tamil under /ta/, English at today's paths. Catalog completeness is a unit test
// (src/locales/catalogs.test.ts); this checks what a browser gets.

type PoEntry = { id: string; text: string };
function readPo(lang: 'en' | 'ta'): PoEntry[] {
  const source = readFileSync(resolve(`src/locales/${lang}.po`), 'utf8');
  return [...source.matchAll(/^msgid "(.+)"\nmsgstr "(.*)"$/gm)].map((m) => ({ id: m[1]!, text: JSON.parse(`"${m[2]}"`) as string }));
}

/**
 * English UI text that must not appear on a Tamil page: every English message's words (split
 * at its placeholders), leaving out what the Tamil keeps on purpose (names in brackets, codes).
 */
function englishFragments(): string[] {
  const tamilText = readPo('ta')
    .map((entry) => entry.text)
    .join('\n');
  const fragments = new Set<string>();
  for (const entry of readPo('en')) {
    for (const part of entry.text.split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/)) {
      const fragment = part.trim().replace(/^[,.:;·–—-]+|[,.:;·–—-]+$/g, '').trim();
      if (fragment.split(/\s+/).length < 2 || fragment.length < 10 || !/[a-z]/i.test(fragment)) continue;
      if (tamilText.includes(fragment)) continue;
      fragments.add(fragment);
    }
  }
  return [...fragments];
}

test.describe('Tamil pages', () => {
  const fragments = englishFragments();

  for (const route of TAMIL_ROUTES) {
    test(`${route.path} is Tamil: lang, heading, alternates, the switch back to English${route.translated ? ', no English UI text' : ''}`, async ({
      page,
      problems,
    }) => {
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(route.status ?? 200);
      await expect(page.locator('html')).toHaveAttribute('lang', 'ta-IN');
      await expect(page.locator('main h1')).toHaveText(route.heading);
      // Hydrated: the form kit's inert wrapper is gone and React did not complain.
      await expect(page.locator('main [inert]')).toHaveCount(0);
      const english = route.path.replace(/^\/ta/, '') || '/';
      if (!route.status) {
        await expect(page.locator('link[rel="alternate"][hreflang="en-IN"]')).toHaveAttribute('href', new RegExp(`${english.replace(/\//g, '\\/')}$`));
        await expect(page.locator('link[rel="alternate"][hreflang="ta-IN"]')).toHaveAttribute('href', new RegExp(`${route.path.replace(/\//g, '\\/')}$`));
        await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveCount(1);
        await expect(page.locator('header a[hreflang="en-IN"]')).toHaveAttribute('href', english);
      }
      if (route.translated) {
        const text = await page.locator('body').innerText();
        expect(fragments.filter((fragment) => text.includes(fragment))).toEqual([]);
      }
      // The not-found page's own 404 is what it should answer; anything else is a problem.
      expect(problems.consoleErrors.filter((error) => !(route.status === 404 && error.includes('status of 404')))).toEqual([]);
    });
  }

  test('the switch keeps the page, is remembered for /, and / stays English for everyone else', async ({ page, browser, server }) => {
    // The switch remembers the choice through the page's script: click once it has taken over.
    await openLive(page, '/contest/dance');
    await page.getByRole('link', { name: 'தமிழ்' }).click();
    await expect(page).toHaveURL(/\/ta\/contest\/dance$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ta-IN');
    // Remembered: the home page opens in Tamil on this device.
    await page.goto('/');
    await expect(page).toHaveURL(/\/ta\/$/);
    // Back to English, remembered too.
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(new RegExp(`${server.url}/$`));
    await page.goto('/');
    await expect(page).toHaveURL(new RegExp(`${server.url}/$`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
    // A visitor (or crawler) with no stored choice gets English at /.
    const fresh = await browser.newContext({ baseURL: server.url, locale: 'ta-IN' });
    const other = await fresh.newPage();
    await other.goto('/');
    await expect(other).toHaveURL(new RegExp(`${server.url}/$`));
    await expect(other.locator('main h1')).toHaveText(/every child has a talent/i);
    await fresh.close();
  });

  test('the sitemap lists both languages with hreflang alternates; /ta redirects to /ta/', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toMatch(/<loc>[^<]*\/ta\/about<\/loc>/);
    expect(sitemap).toMatch(/<xhtml:link rel="alternate" hreflang="ta-IN" href="[^"]*\/ta\/about"\/>/);
    expect(sitemap).toMatch(/<xhtml:link rel="alternate" hreflang="x-default" href="[^"]*\/about"\/>/);
    const redirect = await request.get('/ta', { maxRedirects: 0 });
    expect(redirect.status()).toBe(301);
    expect(redirect.headers().location).toMatch(/\/ta\/$/);
  });
});

test('a Tamil registration’s private link opens the family page in Tamil: no English UI text, Tamil field errors, axe-clean', async ({
  page,
  server,
  problems,
}) => {
  // Registered through the API in Tamil; with no SMTP_URL the server writes the email to DATA_DIR/mail.
  const referenceCode = await registerChildByApi(page.request, {
    name: 'கவின் குமார்',
    email: 'tamil.family@example.org',
    guardianName: 'மீனா குமார்',
    city: 'சென்னை',
    language: 'ta',
  });
  let token: string | null = null;
  await expect.poll(async () => (token = await tokenInMailFolder(join(server.dataDir, 'mail'), referenceCode)), { timeout: 30_000 }).not.toBeNull();

  await page.goto(`/ta/my/${token}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ta-IN');
  await expect(page.locator('main h1')).toHaveText('உங்கள் பதிவு');
  await expect(page.getByText(`குறிப்பு எண் ${referenceCode}`)).toBeVisible();
  await expect(page.getByText('ஓவியப் போட்டி', { exact: false }).first()).toBeVisible();
  const fragments = englishFragments();
  const shown = await page.locator('body').innerText();
  expect(fragments.filter((fragment) => shown.includes(fragment))).toEqual([]);
  expect(await axeProblems(page)).toEqual([]);

  // Correcting with a bad phone number: the shared rule's message, in Tamil.
  await page.getByRole('button', { name: 'விவரங்களைத் திருத்து' }).click();
  const phone = page.getByLabel('தொலைபேசி எண்', { exact: true });
  await phone.fill('12');
  await page.getByRole('button', { name: 'திருத்தங்களைச் சேமி' }).click();
  await expect(phone).toHaveAccessibleDescription('10 முதல் 13 இலக்கங்கள் கொண்ட தொலைபேசி எண்ணைத் தாருங்கள்.');
  const form = await page.locator('body').innerText();
  expect(fragments.filter((fragment) => form.includes(fragment))).toEqual([]);
  expect(await axeProblems(page)).toEqual([]);
  expect(problems.consoleErrors).toEqual([]);
});

test('a Tamil journey: switch on the home page, open a contest, register offline, Tamil errors from the client and the server, sync, admin shows the language', async ({
  server,
}) => {
  test.setTimeout(180_000);
  const { context } = await launchProfile(server.url);
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/');
  await waitForServiceWorker(page);

  // Switch to Tamil on the home page, open a contest.
  await page.getByRole('link', { name: 'தமிழ்' }).click();
  await expect(page).toHaveURL(/\/ta\/$/);
  await page.getByRole('link', { name: 'போட்டிகளைப் பார்க்க' }).first().click();
  await page.getByRole('link', { name: 'விவரங்கள்: நடனப் போட்டி (Dance Challenge)' }).click();
  await expect(page.locator('main h1')).toHaveText('நடனப் போட்டி (Dance Challenge)');
  await page.getByRole('link', { name: 'இப்போதே பதிவு செய்யுங்கள்' }).click();
  await expect(page).toHaveURL(/\/ta\/registration\?category=dance$/);
  await expect(page.locator('main [inert]')).toHaveCount(0);

  // Offline from here on.
  await context.setOffline(true);
  const name = `Tamil Journey ${Date.now()}`;
  await page.getByLabel('பெயர்', { exact: true }).fill(name);
  await page.getByLabel(/^வயது/).fill('8');
  await page.getByLabel('மின்னஞ்சல்', { exact: true }).fill('tamil.parent@example.org');
  await page.getByLabel('தொலைபேசி எண்', { exact: true }).fill('12');
  await page.getByLabel('ஊர்', { exact: true }).fill('சென்னை');
  await page.getByLabel('பெற்றோர் அல்லது பாதுகாவலரின் பெயர்').fill('மீனா ராமன்');
  await page.getByRole('checkbox', { name: /தனியுரிமை அறிவிப்பை/ }).check();
  await page.getByRole('checkbox', { name: /விதிமுறைகள்/ }).check();
  await page.getByRole('button', { name: 'குழந்தையைப் பதிவு செய்' }).click();
  // The client's message, in Tamil, next to the phone field.
  const phone = page.getByLabel('தொலைபேசி எண்', { exact: true });
  await expect(phone).toHaveAccessibleDescription('10 முதல் 13 இலக்கங்கள் கொண்ட தொலைபேசி எண்ணைத் தாருங்கள்.');
  await phone.fill('9876501234');
  await page.getByRole('button', { name: 'குழந்தையைப் பதிவு செய்' }).click();
  const success = page.getByRole('status').filter({ hasText: 'பதிவு வெற்றிகரமாக முடிந்தது!' });
  await expect(success).toBeVisible();
  await expect(success).toContainText('குறிப்பு எண்');
  const code = (await success.locator('strong').textContent())?.trim() ?? '';
  expect(code).toMatch(/^KTC-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

  // The server finds a bad phone (the request is changed on its way): its 422 reads in Tamil.
  await context.route('**/api/registrations/batch', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as { registrations: { name?: string; phone: string }[] };
    for (const registration of body.registrations) if (registration.name === name) registration.phone = '12';
    await route.continue({ postData: JSON.stringify(body) });
  });
  await context.setOffline(false);
  await page.goto('/ta/saved');
  // A client-rendered page: the app shell says en-IN until the app sets the page's language.
  await expect(page.locator('html')).toHaveAttribute('lang', 'ta-IN');
  await expect(page.getByText('திருத்தம் தேவை')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('list', { name: 'சர்வர் திருத்தச் சொன்னவை' })).toContainText(
    'தொலைபேசி எண்: 10 முதல் 13 இலக்கங்கள் கொண்ட தொலைபேசி எண்ணைத் தாருங்கள்.',
  );
  await page.getByRole('link', { name: 'திருத்தி மீண்டும் அனுப்பு' }).click();
  await expect(page.getByLabel('தொலைபேசி எண்', { exact: true })).toHaveAccessibleDescription(
    '10 முதல் 13 இலக்கங்கள் கொண்ட தொலைபேசி எண்ணைத் தாருங்கள்.',
  );

  // Corrected and resent, unchanged this time: it syncs.
  await context.unroute('**/api/registrations/batch');
  await page.getByLabel('தொலைபேசி எண்', { exact: true }).fill('9876501235');
  await page.getByRole('button', { name: 'இந்தத் திருத்தங்களுடன் மீண்டும் பதிவு செய்' }).click();
  // Stored, the form goes back to the Tamil saved-records page by itself.
  await expect(page).toHaveURL(/\/ta\/saved$/);
  await expect(page.getByRole('heading', { name: 'இன்னும் அனுப்பப்படாதவை (0)' })).toBeVisible({ timeout: 60_000 });

  // The admin (in English) shows the registration with its language.
  await signInAsAdmin(context.request, server.url);
  const list = (await (await context.request.get(`/api/registrations?q=${encodeURIComponent(code)}`)).json()) as {
    items: { referenceCode: string; language: string; phone: string }[];
  };
  expect(list.items).toEqual([expect.objectContaining({ referenceCode: code, language: 'ta', phone: '9876501235' })]);
  await page.goto(`/admin/registrations?q=${encodeURIComponent(code)}`);
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('Tamil');
  await context.close();
});
