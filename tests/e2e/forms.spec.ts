import { expect, test, waitForServiceWorker } from './fixtures';
import type { BrowserContext, Page } from '@playwright/test';
import { axeProblems, expectRegistrationSent, fillChildForm, signInAsAdmin } from './outbox-helpers';

/** Goes offline, sends the filled form (it is saved on the device) and opens the list of what waits. */
async function saveOfflineAndOpenSavedList(page: Page, context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await page.getByRole('button', { name: /^Register/ }).click();
  await expect(page.getByText('Saved on this device, will be sent automatically.')).toBeVisible();
  await page.getByRole('link', { name: '1 registration waiting to sync' }).click();
  await expect(page.getByRole('heading', { name: 'Not sent yet (1)' })).toBeVisible();
}

test.describe('registration form rules', () => {
  test('an empty submit shows each field its own message, the terms message for 3 s, and stores nothing', async ({ page, problems }) => {
    await page.goto('/registration');
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: /^Register/ }).click();
    // The original site's terms message, in the page (not a native bubble), for 3 s.
    const terms = page.getByText('You must agree to the terms and conditions.');
    await expect(terms).toBeVisible();
    const shownAt = Date.now();
    await expect(page.getByRole('checkbox', { name: /terms/ })).toHaveAttribute('aria-invalid', 'true');
    await expect(terms).toBeHidden({ timeout: 8000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2000);

    const name = page.getByLabel('Name', { exact: true });
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription("Enter the child's name.");
    await expect(page.getByLabel('Email', { exact: true })).toHaveAccessibleDescription('Enter an email address.');
    await expect(page.getByLabel('Phone', { exact: true })).toHaveAccessibleDescription('Enter a phone number.');
    await expect(page.getByLabel('City', { exact: true })).toHaveAccessibleDescription('Enter a city.');
    await expect(page.getByRole('button', { name: /Categories/ })).toHaveAccessibleDescription('Choose at least one contest.');
    // A child's registration needs the parent's or guardian's consent (DPDP Act, s. 9).
    await expect(page.getByLabel('Parent or guardian’s name')).toHaveAccessibleDescription(
      /Enter the name of the parent or guardian giving consent\./,
    );
    await expect(page.getByRole('checkbox', { name: /privacy notice/ })).toHaveAccessibleDescription(
      'Tick the box to give your consent as the parent or guardian.',
    );
    await expect(name).toBeFocused();

    // Typing fixes a field's error at once; the rest stay.
    await name.fill('Asha');
    await expect(name).not.toHaveAttribute('aria-invalid', 'true');

    await page.goto('/saved');

    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { name: 'Not sent yet (0)' })).toBeVisible();
    expect(problems.consoleErrors).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
  });

  test('the categories dropdown works by keyboard and closes on an outside click', async ({ page }) => {
    await page.goto('/registration');
    await page.waitForLoadState('networkidle');
    const button = page.getByRole('button', { name: /Categories/ });
    await button.focus();
    await page.keyboard.press('ArrowDown');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('checkbox', { name: 'Dance Challenge' })).toBeFocused();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await expect(page.getByRole('checkbox', { name: 'Singing Contest' })).toBeChecked();
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();
    await expect(button).toHaveAccessibleName('Categories 2 chosen');
    await expect(page.getByRole('list', { name: 'Chosen contests' })).toContainText('Dance Challenge');

    await button.click();
    await page.getByRole('checkbox', { name: 'Dance Challenge' }).click();
    await expect(page.getByRole('checkbox', { name: 'Dance Challenge' })).not.toBeChecked();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('checkbox', { name: 'Singing Contest' })).toBeHidden();
  });

  test('?category= preselects the contest, and a baby contest asks the age in months within its band', async ({ page }) => {
    await page.goto('/registration?category=crawling');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('list', { name: 'Chosen contests' })).toHaveText('Crawling (5-9 months) - In Person');
    const age = page.getByLabel(/^Age/);
    await expect(age).toHaveAccessibleName('Age (in months)');
    await page.getByLabel('Name', { exact: true }).fill('Baby Kavin');
    await age.fill('20');
    await page.getByLabel('Email', { exact: true }).fill('kavin.parent@example.org');
    await page.getByLabel('Phone', { exact: true }).fill('9876501234');
    await page.getByLabel('City', { exact: true }).fill('Chennai');
    await page.getByRole('checkbox', { name: /terms/ }).check();
    await page.getByRole('button', { name: /^Register/ }).click();
    await expect(age).toHaveAccessibleDescription(/For this contest the age must be between 5 and 9 months\./);
  });

  test('an institute registers without a child name or age, and the registration reaches the server', async ({ page, server }) => {
    await page.goto('/registration?category=yoga');
    await page.waitForLoadState('networkidle');
    await page.getByRole('radio', { name: 'Institute' }).check();
    await expect(page.getByLabel('Name', { exact: true })).toHaveCount(0);
    // An institute holds no child's data: no parental consent is asked.
    await expect(page.getByLabel('Parent or guardian’s name')).toHaveCount(0);
    await expect(page.getByLabel(/^Age/)).toHaveCount(0);
    await page.getByLabel('Email', { exact: true }).fill('office@sunrise.example.org');
    await page.getByLabel('Phone', { exact: true }).fill('+91 44 0000 0000');
    await page.getByLabel('City', { exact: true }).fill('Chennai');
    await page.getByRole('checkbox', { name: /terms/ }).check();
    await page.getByRole('button', { name: /^Register/ }).click();
    await expect(page.getByLabel('Institute name')).toHaveAccessibleDescription('Enter the institute name.');
    await page.getByLabel('Institute name').fill('Sunrise Yoga School');
    await page.getByRole('button', { name: 'Register institute' }).click();

    const success = page.getByRole('status').filter({ hasText: 'Registration Successful!' });
    await expect(success).toBeVisible();
    const code = (await success.locator('strong').textContent())?.trim() ?? '';
    await expectRegistrationSent(page, code);
    await expect(page.getByText(`Last registration: ${code}`)).toBeVisible({ timeout: 6000 });
    await expect(page.getByRole('checkbox', { name: /terms/ })).not.toBeChecked();

    await signInAsAdmin(page.request, server.url);
    const list = (await (await page.request.get(`/api/registrations?q=${encodeURIComponent(code ?? '')}`)).json()) as {
      items: { instituteName: string; type: string; categories: string[] }[];
    };
    expect(list.items).toEqual([expect.objectContaining({ instituteName: 'Sunrise Yoga School', type: 'institute', categories: ['yoga'] })]);
  });
});

test('the contact form prefills the subject, thanks the sender, resets, and the message is stored', async ({ page, server, problems }) => {
  await page.goto('/contact?subject=Summer%20workshops');
  await page.waitForLoadState('networkidle');
  const subject = page.getByLabel('Subject');
  await expect(subject).toHaveValue('Summer workshops');
  await expect(page.getByRole('radio', { name: 'Email' })).toBeChecked();
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription('Enter a message.');

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Priya');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('priya@example.org');
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('98765 43210');
  await page.getByRole('textbox', { name: 'Message' }).fill('Which ages can join the art workshop?');
  await page.getByRole('radio', { name: 'Phone' }).check();
  await page.getByRole('button', { name: 'Send Message' }).click();

  await expect(page.getByText('Thank you for reaching out! We will get back to you soon.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  await expect(page.getByRole('radio', { name: 'Email' })).toBeChecked();

  await signInAsAdmin(page.request, server.url);
  await expect
    .poll(async () => {
      const body = (await (await page.request.get('/api/contact')).json()) as { items: { email: string; contactMethod: string; subject: string }[] };
      return body.items.find((m) => m.email === 'priya@example.org');
    })
    .toMatchObject({ contactMethod: 'Phone', subject: 'Summer workshops' });
  expect(problems.consoleErrors).toEqual([]);
});

test('a contact message sent after the signal drops is kept on the device and reaches us once it returns', async ({ page, context, server }) => {
  // The form's saving code loads when the form is first touched (ADR 032); the service worker
  // has it from the first visit, so a form opened online and touched offline still saves.
  await page.goto('/contact');
  await waitForServiceWorker(page);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Meena');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('meena.offline@example.org');
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('98765 43211');
  await page.getByRole('textbox', { name: 'Subject' }).fill('Venue parking');
  await page.getByRole('textbox', { name: 'Message' }).fill('Is there parking near the venue?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('If you are offline it is kept on this device and sent automatically.')).toBeVisible();

  await context.setOffline(false);
  await signInAsAdmin(page.request, server.url);
  await expect
    .poll(
      async () => {
        const body = (await (await page.request.get('/api/contact')).json()) as { items: { email: string; subject: string }[] };
        return body.items.filter((m) => m.email === 'meena.offline@example.org').map((m) => m.subject);
      },
      { timeout: 30_000 },
    )
    .toEqual(['Venue parking']);
});

test('the newsletter form subscribes once, says so on the same device, and never tells another device', async ({ page, browser, server }) => {
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const footer = page.getByRole('contentinfo');
  const email = footer.getByLabel('Your email');
  await expect(email).toHaveAttribute('placeholder', 'Enter your email');
  await email.fill('not an email');
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(email).toHaveAccessibleDescription('Enter a valid email address, like name@example.com.');

  await email.fill('Fan@Example.org');
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(footer.getByText('Thanks! You are on the list.')).toBeVisible();
  await email.fill('fan@example.org');
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(footer.getByText('You are already subscribed. Nothing more to do!')).toBeVisible();

  // Another device, same address: the server answers as for any address, so nobody can learn
  // from the form whether an address was on the list. The person is told the truth: on the list.
  const other = await browser.newContext({ baseURL: server.url });
  const otherPage = await other.newPage();
  await otherPage.goto('/');
  await otherPage.waitForLoadState('networkidle');
  const otherFooter = otherPage.getByRole('contentinfo');
  const answered = otherPage.waitForResponse((response) => response.url().endsWith('/api/newsletter'));
  await otherFooter.getByLabel('Your email').fill('FAN@example.org');
  await otherFooter.getByRole('button', { name: 'Subscribe' }).click();
  const answer = await answered;
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toEqual({ status: 'subscribed' });
  await expect(otherFooter.getByText('Thanks! You are on the list.')).toBeVisible();
  await expect(otherFooter.getByText(/already subscribed/)).toHaveCount(0);
  await other.close();

  await signInAsAdmin(page.request, server.url);
  const list = (await (await page.request.get('/api/newsletter')).json()) as { items: { email: string }[] };
  // The worker's server is shared with other specs: this address must be there exactly once.
  expect(list.items.filter((i) => i.email === 'fan@example.org')).toHaveLength(1);
});

test.describe('accessibility of the form states', () => {
  test.use({ reducedMotion: 'reduce' });

  test('errors, the open dropdown, the saved list and the judge form pass axe', async ({ page, context }) => {
    await page.goto('/registration');
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: /^Register/ }).click();
    await page.getByRole('button', { name: /Categories/ }).click();
    expect(await axeProblems(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // A record waiting on this device, shown on /saved.
    await fillChildForm(page, { name: 'Asha', category: 'Yoga Competition', age: 8, city: 'Chennai' }, {
      email: 'asha.parent@example.org',
      phone: '9876512345',
      guardianName: 'Meena Raman',
    });
    await saveOfflineAndOpenSavedList(page, context);
    expect(await axeProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete this saved record?' })).toBeVisible();
    expect(await axeProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Keep it' }).click();
    await context.setOffline(false);

    await page.goto('/judgereg');
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Apply Now' }).click();
    // A disabled button (while the page's script starts, or a save runs) is dimmed on purpose: judge the page at rest.
    await expect(page.getByRole('button', { name: 'Apply Now' })).toBeEnabled();
    expect(await axeProblems(page)).toEqual([]);
  });
});

test.describe('a first visit, before the service worker has cached anything', () => {
  test.use({ serviceWorkers: 'block' });

  test('a registration saved offline opens in the saved list offline: the list came with the form', async ({ page, context }) => {
    await page.goto('/registration');
    await page.waitForLoadState('networkidle');
    await fillChildForm(page, { name: 'Kavya', category: 'Yoga Competition', age: 9, city: 'Chennai' }, {
      email: 'kavya.parent@example.org',
      phone: '9876512399',
      guardianName: 'Latha Raman',
    });
    // The signal drops before the parent taps Register, and nothing was cached for offline use.
    await saveOfflineAndOpenSavedList(page, context);
    await expect(page.getByText('Kavya')).toBeVisible();
    await context.setOffline(false);
  });
});
