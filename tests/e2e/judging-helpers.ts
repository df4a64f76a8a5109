import { randomUUID } from 'node:crypto';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { createReferenceCode } from '../../domain/reference-code';
import { createRecordSecret } from '../../domain/record-secret';
import type { SmtpTestServer } from '../setup/smtp-test-server';
import { expect, signInAdminRequest } from './fixtures';

/**
 * What a judging journey starts from (issue 24), made through the real API of a running server:
 * families with checked photo entries, and approved judge applications. The journeys then do in
 * the browser what people do there.
 */

export type Family = { code: string; token: string; name: string; city: string; institute: string | null; email: string; phone: string; language: 'en' | 'ta' };

/** Headers of a same-origin page request (the CSRF check wants both). */
export const sameOrigin = (baseURL: string) => ({ Origin: new URL(baseURL).origin, 'X-Requested-With': 'fetch' });

/** Registers a child for `category` and returns its family with the private link's token from its email. */
export async function registerFamily(
  request: APIRequestContext,
  smtp: SmtpTestServer,
  child: Omit<Family, 'code' | 'token'> & { age: number; category: string },
): Promise<Family> {
  const code = createReferenceCode();
  const response = await request.post('/api/registrations', {
    data: {
      id: randomUUID(),
      referenceCode: code,
      type: 'participant',
      name: child.name,
      age: child.age,
      email: child.email,
      phone: child.phone,
      city: child.city,
      ...(child.institute ? { instituteName: child.institute } : {}),
      categories: [child.category],
      agreeTerms: true,
      guardianName: 'Parent',
      privacyConsent: true,
      language: child.language,
    },
  });
  expect(response.status()).toBe(201);
  let token: string | undefined;
  await expect
    .poll(() => (token = /\/my\/([A-Za-z0-9_-]{43})/.exec(smtp.received.find((mail) => mail.parsed.subject?.includes(code))?.parsed.text ?? '')?.[1]), {
      timeout: 30_000,
    })
    .toBeTruthy();
  const { age: _age, category: _category, ...family } = child;
  return { ...family, code, token: token! };
}

/** A small JPEG of one colour: each entry's artwork is told apart by it. */
export function artwork(index: number): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: { r: (index * 53) % 256, g: (index * 97) % 256, b: (index * 151) % 256 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Sends one photo entry as the family's page does (the entry, then its file through tus in one part). */
export async function sendPhotoEntry(request: APIRequestContext, token: string, category: string, photo: Buffer): Promise<string> {
  const id = randomUUID();
  const auth = { Authorization: `Bearer ${token}` };
  const created = await request.post('/api/family/entries', { headers: auth, data: { id, category, levelId: 'level1', files: [{ bytes: photo.length }] } });
  expect(created.status(), await created.text()).toBe(201);
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  const upload = await request.post('/api/family/uploads', {
    headers: { ...auth, 'Tus-Resumable': '1.0.0', 'Upload-Length': String(photo.length), 'Upload-Metadata': `entry ${b64(id)},position ${b64('0')}` },
  });
  expect(upload.status()).toBe(201);
  const location = upload.headers()['location']!;
  const sent = await request.patch(location, {
    headers: { ...auth, 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    data: photo,
  });
  expect(sent.status()).toBe(204);
  return id;
}

/** Waits until the server has checked the family's entry for `category`. */
export async function untilReady(request: APIRequestContext, token: string, category: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const body = (await (await request.get('/api/family/entries', { headers: { Authorization: `Bearer ${token}` } })).json()) as {
          contests: { category: string; counting: { id: string } | null }[];
        };
        return body.contests.find((contest) => contest.category === category)?.counting?.id ?? null;
      },
      { timeout: 60_000 },
    )
    .not.toBeNull();
}

/** A teacher's application to judge, approved by the organisers (their decision email goes out too). */
export async function approvedJudgeApplication(request: APIRequestContext, baseURL: string, judge: { name: string; email: string; expertise: string }): Promise<string> {
  const id = randomUUID();
  const applied = await request.post('/api/judges', {
    multipart: { recordSecret: createRecordSecret(), id, name: judge.name, email: judge.email, expertise: judge.expertise, experience: '12', bio: 'Teaches art to children.' },
  });
  expect(applied.status()).toBe(201);
  const admin = await adminRequest(request, baseURL);
  const approved = await request.patch(`/api/judges/${id}`, { headers: { ...admin, 'Content-Type': 'application/json' }, data: { status: 'approved' } });
  expect(approved.status()).toBe(200);
  return id;
}

const signedIn = new WeakMap<APIRequestContext, Promise<void>>();

/** Signs the request context in as the admin once (its cookie jar keeps the session); answers the headers of an admin's write. */
export async function adminRequest(request: APIRequestContext, baseURL: string): Promise<Record<string, string>> {
  if (!signedIn.has(request)) {
    signedIn.set(
      request,
      signInAdminRequest(request, baseURL),
    );
  }
  await signedIn.get(request);
  return sameOrigin(baseURL);
}

/** The single-use token in the newest invitation email to `email`. */
export function inviteTokenFor(smtp: SmtpTestServer, email: string): string | null {
  const mail = smtp.received.filter((m) => m.to.includes(email) && m.parsed.subject?.includes('judge account')).at(-1);
  return /\/judge\/welcome#([A-Za-z0-9_-]{43})/.exec(mail?.parsed.text ?? '')?.[1] ?? null;
}

export const JUDGE_PASSWORD = 'judging is careful work';

/** A drawing judge's account through the real invitation, with its own signed-in API client. */
export async function judgeClient(request: APIRequestContext, world: { smtp: SmtpTestServer }, baseURL: string, n: number): Promise<APIRequestContext> {
  const email = `drawing.judge${n}@example.org`;
  const applicationId = await approvedJudgeApplication(request, baseURL, { name: `Judge ${n}`, email, expertise: 'Drawing Artist' });
  const invited = await request.post(`/api/judges/${applicationId}/invite`, { headers: await adminRequest(request, baseURL) });
  expect(invited.status()).toBe(200);
  let token: string | null = null;
  await expect.poll(() => (token = inviteTokenFor(world.smtp, email)), { timeout: 30_000 }).toBeTruthy();
  const client = await playwrightRequest.newContext({ baseURL });
  expect((await client.post('/api/auth/invite', { headers: sameOrigin(baseURL), data: { token, password: JUDGE_PASSWORD } })).status()).toBe(200);
  expect((await client.post('/api/auth/login', { headers: sameOrigin(baseURL), data: { username: email, password: JUDGE_PASSWORD, remember: false } })).status()).toBe(200);
  return client;
}

/** Registers one child per line in the drawing contest, each with a checked photo entry (issue 49's journeys). */
export async function drawingEntries(request: APIRequestContext, smtp: SmtpTestServer, children: readonly { name: string; email: string; phone: string; language: 'en' | 'ta' }[]): Promise<Family[]> {
  const families: Family[] = [];
  for (const [i, child] of children.entries()) {
    const family = await registerFamily(request, smtp, { ...child, city: 'Tambaram', institute: null, age: 7, category: 'drawing' });
    await sendPhotoEntry(request, family.token, 'drawing', await artwork(i + 1));
    await untilReady(request, family.token, 'drawing');
    families.push(family);
  }
  return families;
}

/** Approves and invites each teacher as a judge, waiting for each invitation email. */
export async function invitedJudges(request: APIRequestContext, baseURL: string, smtp: SmtpTestServer, judges: readonly { name: string; email: string; expertise: string }[]): Promise<void> {
  const admin = await adminRequest(request, baseURL);
  for (const judge of judges) {
    const id = await approvedJudgeApplication(request, baseURL, judge);
    expect((await request.post(`/api/judges/${id}/invite`, { headers: admin })).status()).toBe(200);
    await expect.poll(() => inviteTokenFor(smtp, judge.email), { timeout: 30_000 }).not.toBeNull();
  }
}

/** A judge who is not in the browser: signs in on their own request context and saves a sheet for each entry of their queue; answers how many. */
export async function scoreThroughApi(request: APIRequestContext, baseURL: string, username: string, sheet: Record<string, number>, notes: Record<number, string> = {}): Promise<number> {
  const headers = sameOrigin(baseURL);
  expect((await request.post('/api/auth/login', { headers, data: { username, password: JUDGE_PASSWORD, remember: false } })).status()).toBe(200);
  const queue = (await (await request.get('/api/judge/queue')).json()) as { entries: { entryId: string; number: number }[] };
  for (const entry of queue.entries) {
    const saved = await request.put(`/api/judge/scores/${entry.entryId}`, {
      headers,
      data: { scores: sheet, comment: '', familyNote: notes[entry.number] ?? '', editedAt: new Date().toISOString() },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  return queue.entries.length;
}
