import type { Page } from '@playwright/test';
import { expect, launchProfile, test, waitForServiceWorker } from './fixtures';
import { exifWithArtistAndGps, realImage, withJpegSegments } from '../setup/photos';
import { signInAsAdmin } from './outbox-helpers';

/** A real 2400 x 1600 PNG drawn in the browser, bigger than the 1024 px the device keeps. */
async function bigPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 2400;
    canvas.height = 1600;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    const gradient = context.createLinearGradient(0, 0, 2400, 1600);
    gradient.addColorStop(0, '#5b2a86');
    gradient.addColorStop(1, '#ffd35c');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 2400, 1600);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

test('a judge application with a photo is saved offline, survives a reload and is uploaded once online', async ({ server }) => {
  test.setTimeout(120_000);
  const { context } = await launchProfile(server.url);
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/judgereg');
  await waitForServiceWorker(page);
  const png = await bigPng(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Join Our Teaching Panel' })).toBeVisible();

  // Every rule shows next to its field first.
  await page.getByRole('button', { name: 'Apply Now' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Expertise')).toHaveAccessibleDescription('Choose your expertise from the list.');

  await page.getByLabel('Profile image').setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Ready: 1024 × 683 px', { exact: false })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Your chosen profile' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Lakshmi Venkat');
  await page.getByLabel('Email', { exact: true }).fill('lakshmi.venkat@example.org');
  await page.getByLabel('Expertise').selectOption('Classical Dancer');
  await page.getByLabel('Experience (years)').fill('12');
  const bio = 'Bharatanatyam teacher for twelve years.';
  await page.getByLabel('Short Bio').fill(bio);
  await expect(page.getByText(`${bio.length} / 1,000 characters`)).toBeVisible();
  await page.getByRole('button', { name: 'Apply Now' }).click();

  await expect(page.getByText('Thank you for applying to our teaching panel!')).toBeVisible();
  await expect(page.getByText('Saved on this device, will be sent automatically.')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
  const badge = page.getByRole('link', { name: '1 judge application waiting to sync' });
  await expect(badge).toBeVisible();

  await page.reload();
  await expect(badge).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByRole('link', { name: /waiting to sync/ })).toHaveCount(0, { timeout: 60_000 });

  await signInAsAdmin(context.request, server.url);
  const list = (await (await context.request.get('/api/judges')).json()) as {
    items: { id: string; name: string; expertise: string; experience: number; hasPhoto: boolean }[];
  };
  // The worker's server is shared with other specs: look at this applicant's rows only.
  const ours = list.items.filter((item) => item.name === 'Lakshmi Venkat');
  expect(ours).toHaveLength(1);
  expect(ours[0]).toMatchObject({ name: 'Lakshmi Venkat', expertise: 'Classical Dancer', experience: 12, hasPhoto: true });
  // The server got the photo the device scaled: longest side 1024 px.
  const size = await page.evaluate(async (id) => {
    const response = await fetch(`/api/judges/${id}/photo`);
    const bitmap = await createImageBitmap(await response.blob());
    return { width: bitmap.width, height: bitmap.height, type: response.headers.get('content-type') };
  }, ours[0]?.id ?? '');
  expect(size).toEqual({ width: 1024, height: 683, type: 'image/jpeg' });
  await context.close();
});

test('a small photo is drawn afresh on the device: its EXIF (GPS, artist) never leaves the phone', async ({ page }) => {
  // 40 x 30 px, far under 1024 px, with the EXIF a phone camera writes.
  const tagged = withJpegSegments(await realImage('jpeg'), [{ marker: 0xe1, payload: exifWithArtistAndGps('Jane Photographer') }]);
  expect(Buffer.from(tagged).includes('Jane Photographer')).toBe(true);
  const uploads: Buffer[] = [];
  await page.route('**/api/judges', async (route) => {
    uploads.push(route.request().postDataBuffer() ?? Buffer.alloc(0));
    await route.continue();
  });

  await page.goto('/judgereg');
  // The prerendered form is inert until hydrated, and setInputFiles does not wait for that.
  await expect(page.locator('main [inert]')).toHaveCount(0);
  await page.getByLabel('Profile image').setInputFiles({ name: 'small.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(tagged) });
  await expect(page.getByText('Ready: 40 × 30 px', { exact: false })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Meena Exif');
  await page.getByLabel('Email', { exact: true }).fill('meena.exif@example.org');
  await page.getByLabel('Expertise').selectOption('Drawing Artist');
  await page.getByLabel('Experience (years)').fill('3');
  await page.getByLabel('Short Bio').fill('Draws with children on weekends.');
  await page.getByRole('button', { name: 'Apply Now' }).click();
  await expect(page.getByText('Thank you for applying to our teaching panel!')).toBeVisible();

  await expect.poll(() => uploads.length, { timeout: 30_000 }).toBeGreaterThan(0);
  const sent = Buffer.concat(uploads);
  expect(sent.includes('Meena Exif')).toBe(true);
  expect(sent.includes('Jane Photographer')).toBe(false);
  expect(sent.includes('Exif\0\0')).toBe(false);
});
