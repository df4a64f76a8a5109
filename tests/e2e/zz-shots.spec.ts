import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { ADMIN, expect, testWithMail } from './fixtures';
import { axeProblems } from './outbox-helpers';
import { adminRequest, approvedJudgeApplication, artwork, inviteTokenFor, registerFamily, sameOrigin, sendPhotoEntry, untilReady, type Family } from './judging-helpers';

/**
 * Issue 25: after a round is published, a family opens their private page on a phone, downloads
 * the certificate, and its QR code (read from the PDF's rendering, as a phone camera would) opens
 * the verification page, which confirms it. A copy with one byte changed, and the certificate once
 * an admin has revoked it, are shown as not valid. The results pages respect a family that asked
 * to appear by reference code only.
 */
const test = testWithMail();
const run = promisify(execFile);
const PASSWORD = 'judging is careful work';

/** Reads the QR code off the PDF's first page, rendered as an image. */
async function qrOf(pdfPath: string): Promise<string> {
  const prefix = pdfPath.replace(/\.pdf$/, '');
  await run('pdftoppm', ['-r', '110', '-png', '-singlefile', pdfPath, prefix]);
  const { data, info } = await sharp(`${prefix}.png`).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
  if (!code) throw new Error('no QR code found on the certificate');
  return code.data;
}

/** A judge account through the real invitation, with its own signed-in API client. */
async function judgeClient(request: APIRequestContext, world: { smtp: Parameters<typeof inviteTokenFor>[0] }, baseURL: string, n: number): Promise<APIRequestContext> {
  const email = `drawing.judge${n}@example.org`;
  const applicationId = await approvedJudgeApplication(request, baseURL, { name: `Judge ${n}`, email, expertise: 'Drawing Artist' });
  const invited = await request.post(`/api/judges/${applicationId}/invite`, { headers: await adminRequest(request, baseURL) });
  expect(invited.status()).toBe(200);
  let token: string | null = null;
  await expect.poll(() => (token = inviteTokenFor(world.smtp, email)), { timeout: 30_000 }).toBeTruthy();
  const client = await playwrightRequest.newContext({ baseURL });
  expect((await client.post('/api/auth/invite', { headers: sameOrigin(baseURL), data: { token, password: PASSWORD } })).status()).toBe(200);
  expect((await client.post('/api/auth/login', { headers: sameOrigin(baseURL), data: { username: email, password: PASSWORD, remember: false } })).status()).toBe(200);
  return client;
}

test('shots', async ({ world, browser, request, baseURL }) => {
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


  const shot = async (path: string, name: string, width: number, height: number) => {
    const ctx = await browser.newContext({ viewport: { width, height } });
    const p = await ctx.newPage();
    await p.goto(path);
    await p.waitForTimeout(1500);
    await p.screenshot({ path: `/tmp/shots/${name}-${width}.png`, fullPage: true });
    await ctx.close();
  };
  const cert = (await (await request.get('/api/family/results', { headers: { Authorization: `Bearer ${families[0]!.token}` } })).json()) as { certificates: { id: string }[] };
  const tcert = (await (await request.get('/api/family/results', { headers: { Authorization: `Bearer ${families[1]!.token}` } })).json()) as { certificates: { id: string }[] };
  for (const w of [390, 1280]) {
    await shot('/results', 'results-index', w, 844);
    await shot('/results/level1/drawing/6-8', 'results-en', w, 844);
    await shot('/ta/results/level1/drawing/6-8', 'results-ta', w, 844);
    await shot(`/my/${families[0]!.token}`, 'family-en', w, 844);
    await shot(`/ta/my/${families[1]!.token}`, 'family-ta', w, 844);
    await shot(`/verify/${cert.certificates[0]!.id}`, 'verify-en', w, 844);
    await shot(`/ta/verify/${tcert.certificates[0]!.id}`, 'verify-ta', w, 844);
  }
  const pdfEn = await request.get(`/api/family/certificates/${cert.certificates[0]!.id}/pdf`, { headers: { Authorization: `Bearer ${families[0]!.token}` } });
  await writeFile('/tmp/shots/cert-en.pdf', await pdfEn.body());
  const pdfTa = await request.get(`/api/family/certificates/${tcert.certificates[0]!.id}/pdf`, { headers: { Authorization: `Bearer ${families[1]!.token}` } });
  await writeFile('/tmp/shots/cert-ta.pdf', await pdfTa.body());
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const adminPage = await desktop.newPage();
  await adminPage.goto('/admin/certificates');
  await adminPage.getByLabel('Username').fill(ADMIN.username);
  await adminPage.getByLabel('Password').fill(ADMIN.password);
  await adminPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(adminPage.getByRole('heading', { name: 'Certificates' })).toBeVisible();
  await adminPage.waitForTimeout(1000);
  await adminPage.screenshot({ path: '/tmp/shots/admin-1280.png', fullPage: true });
  await adminPage.setViewportSize({ width: 390, height: 844 });
  await adminPage.waitForTimeout(500);
  await adminPage.screenshot({ path: '/tmp/shots/admin-390.png', fullPage: true });
  void readFile; void rm; void qrOf; void axeProblems; void mkdtemp;
});
