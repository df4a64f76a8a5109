import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, signInOnThisPage, testWithMail } from './fixtures';
import { axeProblems } from './outbox-helpers';
import { qrOfPdf } from '../setup/pdf-qr';
import { adminRequest, artwork, judgeClient, registerFamily, sameOrigin, sendPhotoEntry, untilReady, type Family } from './judging-helpers';

/**
 * Issue 25: after a round is published, a family opens their private page on a phone, downloads
 * the certificate, and its QR code (read from the PDF's rendering, as a phone camera would) opens
 * the verification page, which confirms it. A copy with one byte changed, and the certificate once
 * an admin has revoked it, are shown as not valid. The results pages respect a family that asked
 * to appear by reference code only.
 */
const test = testWithMail();
const run = promisify(execFile);

test('a family downloads its certificate, its QR code verifies it, and a changed copy or a revoked certificate does not', async ({ world, browser, request, baseURL }) => {
  test.setTimeout(300_000);
  const origin = baseURL!;
  const work = await mkdtemp(join(tmpdir(), 'ktc-certificates-e2e-'));

  // Three children in drawing (age 7), one Tamil family; each sends an entry the server checks.
  const children = [
    { name: 'Aaradhya Venkatesan', city: 'Tambaram', language: 'en', score: 9 },
    { name: 'ஸ்ரீநிதி ராமன்', city: 'Velachery', language: 'ta', score: 7 },
    { name: 'Charulatha Iyer', city: 'Adyar', language: 'en', score: 4 },
  ] as const;
  const families: Family[] = [];
  const scores = new Map<string, number>();
  for (const [i, child] of children.entries()) {
    const family = await registerFamily(request, world.smtp, {
      name: child.name,
      city: child.city,
      institute: null,
      email: `certificate.family${i}@example.org`,
      phone: `+91 90000 4444${i}`,
      language: child.language,
      age: 7,
      category: 'drawing',
    });
    scores.set(await sendPhotoEntry(request, family.token, 'drawing', await artwork(i)), child.score);
    families.push(family);
  }
  for (const family of families) await untilReady(request, family.token, 'drawing');

  // The third family asks to appear by its reference code only, before the results are out.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, acceptDownloads: true });
  const page = await phone.newPage();
  await page.goto(`/my/${families[2]!.token}`);
  await page.getByRole('radio', { name: 'Our reference code only' }).check();
  await page.getByRole('button', { name: 'Save my choice' }).click();
  await expect(page.getByText('Saved. The results pages show your choice now.')).toBeVisible();

  // Three judges score every entry; the admin publishes.
  const admin = await adminRequest(request, origin);
  const judges = [];
  for (const n of [1, 2, 3]) judges.push(await judgeClient(request, world, origin, n));
  const opened = await request.post('/api/judging/rounds', { headers: admin, data: { levelId: 'level1' } });
  expect(opened.status()).toBe(200);
  const roundId = ((await opened.json()) as { round: { id: string } }).round.id;
  for (const judge of judges) {
    const queue = (await (await judge.get('/api/judge/queue')).json()) as { entries: { entryId: string }[] };
    expect(queue.entries).toHaveLength(3);
    for (const entry of queue.entries) {
      const score = scores.get(entry.entryId)!;
      const saved = await judge.put(`/api/judge/scores/${entry.entryId}`, {
        headers: sameOrigin(origin),
        data: { scores: { idea: score, skill: score, colour: score, finish: score }, comment: '', editedAt: new Date().toISOString() },
      });
      expect(saved.status()).toBe(200);
    }
  }
  for (const [from, to] of [['scoring', 'closed'], ['closed', 'results'], ['results', 'published']] as const) {
    const moved = await request.post(`/api/judging/rounds/${roundId}/state`, { headers: admin, data: { from, to } });
    expect(moved.status()).toBe(200);
  }

  // The result emails carry each family's newest private link (the earlier ones stop working).
  for (const family of families) {
    await expect
      .poll(() => /\/my\/([A-Za-z0-9_-]{43})/.exec(world.smtp.received.filter((mail) => mail.parsed.subject?.includes(`results for ${family.code}`) || mail.parsed.subject?.includes(`${family.code}: நிலை 1`)).at(-1)?.parsed.text ?? '')?.[1], { timeout: 30_000 })
      .toBeTruthy();
    family.token = /\/my\/([A-Za-z0-9_-]{43})/.exec(world.smtp.received.filter((mail) => mail.parsed.subject?.includes(family.code)).at(-1)!.parsed.text!)![1]!;
  }

  // The public results page, prerendered in English and Tamil: first name and initial, or the code.
  const results = await phone.newPage();
  await results.goto('/results');
  await results.getByRole('link', { name: '6–8 years' }).click();
  await expect(results.getByRole('heading', { level: 1 })).toHaveText('Drawing Competition, 6–8 years: Level 1: Preliminary Round results');
  const table = results.getByRole('table');
  await expect(table.getByRole('row').nth(1)).toContainText('Winner');
  await expect(table.getByRole('row').nth(1)).toContainText('Aaradhya V.');
  await expect(table).toContainText(families[2]!.code);
  await expect(table).not.toContainText('Charulatha');
  await expect(table).not.toContainText('Venkatesan');
  expect(await axeProblems(results)).toEqual([]);
  await results.getByRole('link', { name: 'தமிழில் பார்க்க' }).click();
  await expect(results.locator('html')).toHaveAttribute('lang', 'ta');
  await expect(results.getByRole('table')).toContainText('வெற்றியாளர்');
  expect(await axeProblems(results)).toEqual([]);

  // The winning family opens its private page on the phone and downloads the certificate.
  await page.goto(`/my/${families[0]!.token}`);
  const section = page.getByRole('region', { name: 'Certificates' });
  await expect(section).toContainText('Drawing Competition: Winner');
  const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download the certificate (PDF)' }).click()]);
  const pdfPath = join(work, 'certificate.pdf');
  await download.saveAs(pdfPath);
  expect(download.suggestedFilename()).toMatch(/^certificate-drawing-[a-z2-7]{16}\.pdf$/);
  expect((await run('pdfinfo', [pdfPath])).stdout).toMatch(/Page size:\s+842 x 595 pts/);
  expect(await axeProblems(page)).toEqual([]);

  // Its QR code, read off the rendered page, is the verification page's address on this site.
  const url = await qrOfPdf(pdfPath);
  expect(url).toMatch(new RegExp(`^${origin.replace(/[.:/]/g, '\\$&')}/verify/[a-z2-7]{16}$`));
  const id = url.split('/').at(-1)!;
  // The family's own page links to the same check.
  await expect(section.getByRole('link', { name: 'Check it on our site' })).toHaveAttribute('href', `/verify/${id}`);
  // A page the server writes (issue 49): everything there with the first paint, no script at all.
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Certificate check', level: 1 })).toBeVisible();
  expect(await page.locator('script').count()).toBe(0);
  await expect(page.getByRole('status').first()).toHaveText('Valid. This certificate was issued by the Kids Talent Competition 2027 and has not been changed since.');
  const says = page.getByRole('region', { name: 'What the certificate says' });
  await expect(says.getByRole('definition')).toHaveText(['Aaradhya Venkatesan', 'Winner', 'Drawing Competition, 6–8 years', 'Level 1', 'Kids Talent Competition 2027', /^\d{1,2} \w+ 20\d\d$/, id]);
  await expect(page.getByText(families[0]!.email)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Our public keys' })).toHaveAttribute('href', '/.well-known/jwks.json');
  expect(await axeProblems(page)).toEqual([]);

  // The file itself checks out; a copy with one byte changed does not. The form is sent by the
  // browser and the server answers with the page and its verdict.
  const original = await readFile(pdfPath);
  const changed = Buffer.from(original);
  const at = Math.floor(changed.length * 0.6);
  changed[at] = changed[at]! ^ 0x20;
  const changedPath = join(work, 'certificate-edited.pdf');
  await writeFile(changedPath, changed);
  const check = page.getByRole('region', { name: 'Check a copy' });
  await check.getByLabel('The certificate’s PDF file').setInputFiles(pdfPath);
  await check.getByRole('button', { name: 'Check this file' }).click();
  await expect(page).toHaveURL(`${origin}/verify/${id}/check#check`);
  await expect(check.getByRole('status')).toHaveText('Valid. This file is exactly the certificate we issued.');
  await expect(page.getByRole('status').first()).toContainText('Valid. This certificate was issued');
  expect(await axeProblems(page)).toEqual([]);
  await check.getByLabel('The certificate’s PDF file').setInputFiles(changedPath);
  await check.getByRole('button', { name: 'Check this file' }).click();
  await expect(check.getByRole('status')).toContainText('Not valid. This file is not the certificate we issued');

  // The same page in Tamil, one link away.
  await page.goto(url);
  await page.getByRole('link', { name: 'தமிழில் பார்க்க' }).click();
  await expect(page).toHaveURL(`${origin}/ta/verify/${id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
  await expect(page.getByRole('heading', { name: 'சான்றிதழ் சரிபார்ப்பு', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').first()).toContainText('செல்லுபடியானது.');
  const tamilCheck = page.getByRole('region', { name: 'ஒரு நகலைச் சரிபாருங்கள்' });
  await tamilCheck.getByLabel('சான்றிதழின் PDF கோப்பு').setInputFiles(pdfPath);
  await tamilCheck.getByRole('button', { name: 'இந்தக் கோப்பைச் சரிபார்' }).click();
  await expect(tamilCheck.getByRole('status')).toHaveText('செல்லுபடியானது. இந்தக் கோப்பு நாங்கள் வழங்கிய சான்றிதழே, எந்த மாற்றமும் இல்லை.');
  expect(await axeProblems(page)).toEqual([]);

  // A forged id is not ours.
  const forged = await page.goto('/verify/abcdefghijklmnop');
  expect(forged?.status()).toBe(404);
  await expect(page.getByRole('status')).toContainText('Not valid. We have no certificate with the id “abcdefghijklmnop”');
  expect(await axeProblems(page)).toEqual([]);

  // The Tamil family's page is in Tamil, and so is its certificate.
  const tamil = await phone.newPage();
  await tamil.goto(`/ta/my/${families[1]!.token}`);
  await expect(tamil.getByRole('region', { name: 'சான்றிதழ்கள்' })).toContainText('இரண்டாம் இடம்');

  // An admin revokes the certificate on a desktop; the verification page says so, with the reason.
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const adminPage = await desktop.newPage();
  await adminPage.goto('/admin/certificates');
  await signInOnThisPage(adminPage);
  await expect(adminPage.getByRole('heading', { name: 'Certificates' })).toBeVisible();
  await adminPage.getByLabel('Child, reference code or certificate id').fill(id);
  await adminPage.getByRole('button', { name: 'Search' }).click();
  const row = adminPage.getByRole('row').filter({ hasText: id });
  await expect(row).toContainText('Aaradhya Venkatesan');
  expect(await axeProblems(adminPage)).toEqual([]);
  await row.getByRole('button', { name: 'Revoke…' }).click();
  await row.getByLabel('Why is it revoked?').fill('Printed with the wrong contest');
  await row.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(row).toContainText('Revoked: Printed with the wrong contest');

  await page.goto(url);
  await expect(page.getByRole('status').first()).toContainText('Not valid. The organisers revoked this certificate on ');
  await expect(page.getByRole('status').first()).toContainText('Printed with the wrong contest');
  // The file is still ours, and says so, but revoked.
  await check.getByLabel('The certificate’s PDF file').setInputFiles(pdfPath);
  await check.getByRole('button', { name: 'Check this file' }).click();
  await expect(check.getByRole('status')).toHaveText('Not valid. This file is the certificate we issued, but it has since been revoked (see above).');

  for (const judge of judges) await judge.dispose();
  await desktop.close();
  await phone.close();
  await rm(work, { recursive: true, force: true });
});
