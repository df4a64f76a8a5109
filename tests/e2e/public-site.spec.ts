import type { Page } from '@playwright/test';
import { decodeVideoInHardware, expect, openLive, test } from './fixtures';
import { RETENTION_DAYS_AFTER_LAST_EVENT, retentionDate } from '../../domain/season';
import { BACKGROUND_VIDEO_STREAM } from '../../src/app/layout/video-decoding';
import { PUBLIC_ROUTES } from './public-routes';

const MENU_LABELS = ['Home', 'Contest Categories', 'Register', 'Become Our Teacher', 'Join our community', 'About us', 'Contact'];

async function expectShell(page: Page) {
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('button', { name: /menu/i })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Programs' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('heading', { name: 'Crazy Talent Competition' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText(
    `© ${new Date().getFullYear()} Kids Talent Competition. All Rights Reserved.`,
  );
}

test.describe('every public route', () => {
  for (const route of PUBLIC_ROUTES) {
    test(`${route.path} renders its heading inside the shell, with no errors`, async ({ page, problems }) => {
      await page.goto(route.path);
      await expect(page.locator('main h1')).toHaveText(route.heading);
      await expect(page.locator('h1')).toHaveCount(1);
      await expectShell(page);
      // Let the after-load work (badge, newsletter form, background) run before judging.
      await page.waitForLoadState('networkidle');
      // An unknown path is a real 404 (the page itself, which Chromium also logs); nothing else may fail.
      const expected404 = route.status === 404 ? (text: string) => text.includes(route.path) || text.includes('status of 404') : () => false;
      expect(problems.consoleErrors.filter((text) => !expected404(text))).toEqual([]);
      expect(problems.failedRequests.filter((text) => !expected404(text))).toEqual([]);
    });
  }

  test('no route scrolls sideways on a 320 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    for (const route of PUBLIC_ROUTES) {
      await page.goto(route.path);
      await expect(page.locator('main h1')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect.soft(overflow, `${route.path} is wider than the screen`).toBeLessThanOrEqual(0);
    }
  });
});

test.describe('header menu', () => {
  test('has the original site’s links, opens on hover and closes when the pointer leaves', async ({ page }) => {
    await openLive(page, '/about');
    const button = page.getByRole('button', { name: /menu/i });
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu).toBeHidden();
    await button.hover();
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link')).toHaveText(MENU_LABELS);
    await page.mouse.move(5, 400);
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('a click toggles it, Escape closes it and focus goes back to the button', async ({ page }) => {
    await openLive(page, '/about');
    const button = page.getByRole('button', { name: /menu/i });
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Home' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('a tap opens it on touch screens and a link closes it', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, hasTouch: true, isMobile: true, viewport: { width: 375, height: 700 } });
    const page = await context.newPage();
    await openLive(page, '/about');
    await page.getByRole('button', { name: /menu/i }).tap();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'Contest Categories' }).tap();
    await expect(page).toHaveURL(/\/contest\/category$/);
    await expect(menu).toBeHidden();
    await context.close();
  });

  test('the logo closes it and goes home', async ({ page }) => {
    await openLive(page, '/about');
    await page.getByRole('button', { name: /menu/i }).focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu).toBeVisible();
    await page.getByRole('link', { name: /kids talent competition/i }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(menu).toBeHidden();
  });

  test('the header takes its scrolled style past 10 px', async ({ page }) => {
    await openLive(page, '/privacy');
    const header = page.getByRole('banner');
    await expect(header).not.toHaveClass(/is-scrolled/);
    await page.mouse.wheel(0, 200);
    await expect(header).toHaveClass(/is-scrolled/);
    await page.evaluate(() => window.scrollTo(0, 5));
    await expect(header).not.toHaveClass(/is-scrolled/);
  });
});

test('the sidebar highlights the current program, and Home only on /', async ({ page }) => {
  await openLive(page, '/workshops');
  const sidebar = page.getByRole('navigation', { name: 'Programs' });
  await expect(sidebar.getByRole('link')).toHaveText(['Home', 'Workshops', 'Learn', 'Events', 'Webinars']);
  await expect(sidebar.getByRole('link', { name: 'Workshops' })).toHaveAttribute('aria-current', 'page');
  await expect(sidebar.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
  await sidebar.getByRole('link', { name: 'Home' }).click();
  await expect(sidebar.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
});

test('the sponsors slider advances every 3 s and wraps to the first', async ({ page }) => {
  await page.clock.install();
  await openLive(page, '/');
  const slider = page.getByRole('group', { name: 'Sponsor logos' });
  await expect(slider.getByText('Sponsor 1', { exact: true })).toBeVisible();
  await expect(slider).toHaveAttribute('data-current', '0');
  await page.clock.runFor(2900);
  await expect(slider).toHaveAttribute('data-current', '0');
  await page.clock.runFor(200);
  await expect(slider).toHaveAttribute('data-current', '1');
  await expect(slider.getByText('Sponsor 2', { exact: true })).toBeVisible();
  await page.clock.runFor(3000);
  await expect(slider).toHaveAttribute('data-current', '2');
  await page.clock.runFor(3000);
  await expect(slider).toHaveAttribute('data-current', '0');
  // Each slide sits at its distance from the current one.
  const offsets = await slider.locator('.slider__slide').evaluateAll((slides) => slides.map((s) => (s as HTMLElement).style.transform));
  expect(offsets).toEqual(['translateX(0%)', 'translateX(100%)', 'translateX(200%)']);
  await slider.getByRole('link', { name: 'View All Sponsors' }).click();
  await expect(page).toHaveURL(/\/about#sponsors$/);
  await expect(page.getByRole('heading', { name: 'Our sponsors' })).toBeInViewport();
});

test.describe('competition journey popup', () => {
  test('shows every field of a level and closes on the button, Escape and an outside click', async ({ page }) => {
    await openLive(page, '/contest/category');
    await expect(page.getByRole('link', { name: /view details/i })).toHaveCount(12);
    const level1 = page.getByRole('button', { name: /level 1/i });
    await level1.click();
    const dialog = page.getByRole('dialog', { name: /level 1/i });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('April 18–20, 2027');
    await expect(dialog).toContainText('₹99 online · ₹333 offline');
    for (const field of ['Date', 'Venue', 'Format', 'Requirements', 'Timeline', 'Locations', 'Schedule', 'Amenities']) {
      await expect(dialog.getByText(field, { exact: true }).or(dialog.getByText(`${field}:`, { exact: true }))).toBeVisible();
    }
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    // Focus stays inside the dialog.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: /level 2/i }).click();
    await expect(page.getByRole('dialog', { name: /level 2/i })).toContainText('August 29–31, 2027');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('button', { name: /level 2/i })).toBeFocused();

    await page.getByRole('button', { name: /level 3/i }).click();
    await expect(page.getByRole('dialog', { name: /level 3/i })).toContainText('December 29–31, 2027');
    await page.mouse.click(5, 300);
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('“Register for This Level” closes the popup and goes to /registration', async ({ page }) => {
    await openLive(page, '/contest/category');
    await page.getByRole('button', { name: /level 1/i }).click();
    await page.getByRole('button', { name: 'Register for This Level' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page).toHaveURL(/\/registration$/);
  });
});

test.describe('contest pages', () => {
  test('three clicks in the top-left corner within 5 s spin the overlay; two do not', async ({ page }) => {
    await page.clock.install();
    // A click before the page is live is not counted: on a busy machine the first of the three would be.
    await openLive(page, '/contest/dance');
    const overlay = page.getByTestId('contest-overlay');
    await expect(overlay).toBeVisible();
    await overlay.click({ position: { x: 10, y: 10 } });
    await overlay.click({ position: { x: 60, y: 60 } });
    await overlay.click({ position: { x: 300, y: 300 } }); // outside the corner: does not count
    await expect(overlay).not.toHaveClass(/is-spinning/);
    await page.clock.runFor(5500); // the first two clicks expire
    await overlay.click({ position: { x: 20, y: 20 } });
    await expect(overlay).not.toHaveClass(/is-spinning/);
    await overlay.click({ position: { x: 30, y: 30 } });
    await overlay.click({ position: { x: 40, y: 40 } });
    await expect(overlay).toHaveClass(/is-spinning/);
  });

  test('/contest/Art and /contest/art show the Art & Craft page; Register Now preselects it', async ({ page }) => {
    for (const path of ['/contest/Art', '/contest/art']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Art & Craft Showcase');
      await expect(page).toHaveTitle(/^Art & Craft Showcase · /);
      await expect(page.getByRole('link', { name: 'Register Now' })).toHaveAttribute('href', '/registration?category=art-craft');
    }
    await page.getByRole('link', { name: 'Register Now' }).click();
    await expect(page).toHaveURL(/\/registration\?category=art-craft$/);
  });

  test('each card on /contest/category opens its contest page with a coordinator', async ({ page }) => {
    await page.goto('/contest/category');
    await page.getByRole('link', { name: 'View Details: Crawling (5-9 months) - In Person' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crawling (5-9 months)');
    await expect(page.getByRole('heading', { name: 'Your coordinator' })).toBeVisible();
    await expect(page.getByTestId('contest-overlay').getByRole('link', { name: '+91 44 0000 0000' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register Now' })).toHaveAttribute('href', '/registration?category=crawling');
  });
});

test('workshops and classes: Enroll Now opens a prefilled enquiry', async ({ page }) => {
  await page.goto('/workshops');
  await expect(page.getByRole('link', { name: /^Enroll Now/ })).toHaveCount(9);
  await expect(page.getByText('Rs.1998')).toHaveCount(9);
  await expect(page.getByText(/before May 15th/)).toBeVisible();
  await page.getByRole('link', { name: 'Enroll Now: Carnatic Vocals' }).click();
  await expect(page).toHaveURL('/contact?subject=Enquiry%3A%20Carnatic%20Vocals');
  await expect(page.getByLabel('Subject')).toHaveValue('Enquiry: Carnatic Vocals');
  await page.goto('/learn-arts');
  await expect(page.getByRole('link', { name: /^Enroll Now/ })).toHaveCount(9);
  await expect(page.getByRole('link', { name: 'Enroll Now: Violin for Beginners' })).toHaveAttribute(
    'href',
    '/contact?subject=Enquiry%3A%20Violin%20for%20Beginners',
  );
});

test('the webinar counts down each second to its start, then shows that it has ended', async ({ page }) => {
  // 7 days 12 h 30 min before 6:00 PM IST on May 20, 2027 (the original site's starting value).
  await page.clock.install({ time: new Date('2027-05-13T05:29:00+05:30') });
  await page.clock.pauseAt(new Date('2027-05-13T05:30:00+05:30'));
  await page.goto('/webinars');
  await expect(page.getByText('May 20, 2027')).toBeVisible();
  await expect(page.getByText('100+ registered')).toBeVisible();
  for (const topic of ['After 10th', 'After 12th', 'During graduation']) {
    await expect(page.getByRole('heading', { name: topic })).toBeVisible();
  }
  const timer = page.getByRole('timer');
  await expect(timer.locator('[data-unit="days"]')).toHaveText('07');
  await expect(timer.locator('[data-unit="hours"]')).toHaveText('12');
  await expect(timer.locator('[data-unit="minutes"]')).toHaveText('30');
  await expect(timer.locator('[data-unit="seconds"]')).toHaveText('00');
  await page.clock.runFor(1000);
  await expect(timer.locator('[data-unit="seconds"]')).toHaveText('59');
  await expect(timer.locator('[data-unit="minutes"]')).toHaveText('29');
  await page.clock.setSystemTime(new Date('2027-05-20T18:00:05+05:30'));
  await page.clock.runFor(1000);
  await expect(page.getByText(/this webinar has ended/i)).toBeVisible();
});

test('contact page: hours, our own map, and an FAQ with one answer open at a time', async ({ page, problems }) => {
  await openLive(page, '/contact');
  await expect(page.getByText('Monday to Saturday')).toBeVisible();
  await expect(page.getByText('9 AM – 6 PM')).toBeVisible();
  await expect(page.getByText('Closed')).toBeVisible();
  await expect(page.getByRole('img', { name: /map of the area/i })).toBeVisible();
  await expect(page.getByRole('link', { name: /open in a map/i })).toHaveAttribute('href', /^https:\/\//);
  // Native disclosures (ADR 031): each question is a <details>, one open at a time.
  const first = page.locator('details', { has: page.getByRole('heading', { name: 'When will you reply?' }) });
  const second = page.locator('details', { has: page.getByRole('heading', { name: 'Can I visit without an appointment?' }) });
  const answerOf = (item: typeof first) => item.locator('.accordion__panel');
  await expect(answerOf(first)).toBeHidden();
  await first.locator('summary').click();
  await expect(first).toHaveAttribute('open', '');
  await expect(answerOf(first)).toBeVisible();
  await second.locator('summary').click();
  await expect(second).toHaveAttribute('open', '');
  await expect(first).not.toHaveAttribute('open');
  await second.locator('summary').click();
  await expect(second).not.toHaveAttribute('open');
  // By keyboard too: Enter on a focused question opens it.
  await first.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('open', '');
  expect(problems.failedRequests).toEqual([]);
});

test('the privacy page says what is kept about children and for how long', async ({ page }) => {
  await page.goto('/privacy');
  // The erasure date is the season data's (the retention job of ADR 016 carries it out), not a promise of its own.
  const erasureDay = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${retentionDate()}T00:00:00Z`),
  );
  await expect(page.getByText(`registrations are kept until ${erasureDay}, ${RETENTION_DAYS_AFTER_LAST_EVENT} days after`)).toBeVisible();
  await expect(page.getByText(/private link: there you can see your registration, correct it, cancel it, download/)).toBeVisible();
  await expect(page.getByText(/stays on your phone or computer until it has been sent/)).toBeVisible();
  await expect(page.getByText(/removed after 7 days/)).toBeVisible();
});

test('cards below the fold are hidden without a transition when the page comes alive, and fade in when scrolled to', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  // Every transition the page starts, from the first moment (React handles each such event at its root).
  await page.addInitScript(() => {
    (window as { transitions?: string[] }).transitions = [];
    document.addEventListener('transitionrun', (event) => {
      const target = event.target as Element;
      if (target.classList.contains('reveal')) (window as { transitions?: string[] }).transitions!.push(target.textContent?.slice(0, 20) ?? '');
    }, true);
  });
  await openLive(page, '/contest/category');
  const last = page.locator('.reveal').last();
  await expect(last).toHaveClass(/reveal--armed/);
  await expect(last).toHaveCSS('opacity', '0');
  expect(await page.evaluate(() => (window as { transitions?: string[] }).transitions)).toEqual([]);
  await last.scrollIntoViewIfNeeded();
  await expect(last).toHaveCSS('opacity', '1');
  expect((await page.evaluate(() => (window as { transitions?: string[] }).transitions))!.length).toBeGreaterThan(0);
});

test.describe('background motion', () => {
  test('the video is muted, inline, looping, has a poster and is not fetched before load', async ({ page }) => {
    const early: string[] = [];
    let loaded = false;
    page.on('load', () => (loaded = true));
    page.on('request', (request) => {
      if (!loaded && request.url().includes('/videos/bg.mp4')) early.push(request.url());
    });
    await page.goto('/');
    const video = page.locator('video');
    await expect(video).toHaveAttribute('poster', '/videos/bg-poster.jpg');
    expect(await video.evaluate((v: HTMLVideoElement) => [v.muted, v.loop, v.playsInline, v.getAttribute('src')])).toEqual([
      true,
      true,
      true,
      '/videos/bg.mp4',
    ]);
    expect(early).toEqual([]);
  });

  test('“Pause motion” stops the video, is remembered, and “Play motion” resumes', async ({ page }) => {
    await decodeVideoInHardware(page);
    // The button works once the page's script has taken over.
    await openLive(page, '/');
    await expect.poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.paused), { timeout: 15_000 }).toBe(false);
    const pause = page.getByRole('button', { name: 'Pause motion' });
    await pause.click();
    await expect(page.getByRole('button', { name: 'Play motion' })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Play motion' })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/motion-paused/);
    expect(await page.locator('video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await page.getByRole('button', { name: 'Play motion' }).click();
    await expect(page.getByRole('button', { name: 'Pause motion' })).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.paused), { timeout: 15_000 }).toBe(false);
  });

  test('under reduced motion no video is shown or fetched and there is no three.js, only the still gradient', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const scripts: string[] = [];
    const videos: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
      if (request.url().includes('/videos/bg.mp4')) videos.push(request.url());
    });
    await openLive(page, '/');
    await page.waitForLoadState('networkidle');
    // Give the after-load turns (decoration comes last) time to have started anything they would.
    await page.waitForTimeout(1_500);
    await expect(page.locator('video')).toBeHidden();
    expect(await page.locator('video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await expect(page.locator('.site-background__gradient')).toBeVisible();
    expect(videos).toEqual([]);
    expect(scripts.filter((url) => url.includes('sphere-scene'))).toEqual([]);
    await context.close();
  });

  test('with motion welcome the video starts once the page has loaded, where it is decoded in hardware', async ({ page }) => {
    await decodeVideoInHardware(page);
    await openLive(page, '/');
    await expect.poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => !v.paused), { timeout: 15_000 }).toBe(true);
    await expect(page.locator('video')).toBeVisible();
  });

  test('where the video would be decoded in software it is never fetched: the poster and the gradient stay', async ({ page }) => {
    const videos: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/videos/bg.mp4')) videos.push(request.url());
    });
    await openLive(page, '/');
    // This Chromium decodes in software (no GPU), as it says itself.
    expect(
      await page.evaluate(async (video) => (await navigator.mediaCapabilities.decodingInfo({ type: 'file', video })).powerEfficient, { ...BACKGROUND_VIDEO_STREAM }),
    ).toBe(false);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1_500);
    expect(await page.locator('video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await expect(page.locator('video')).toHaveAttribute('poster', '/videos/bg-poster.jpg');
    expect(videos).toEqual([]);
  });

  test('with a hardware GPU the 300 spheres start after load, cleanly', async ({ page, problems }) => {
    // Headless Chromium renders WebGL in software, which we deliberately skip; pretend otherwise:
    // the GPU probe (a worker, webgl-probe.ts) answers "hardware".
    await page.route(/\/assets\/webgl-probe\.worker-[^/]+\.js$/, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'postMessage(true);' }),
    );
    await page.goto('/');
    const background = page.locator('.site-background');
    await expect(background).toHaveClass(/has-spheres/, { timeout: 15_000 });
    await page.getByRole('button', { name: 'Pause motion' }).click();
    await page.waitForTimeout(300);
    expect(problems.consoleErrors).toEqual([]);
  });
});
