import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { CategorySlug } from '@domain/categories';
import type { RegistrationInput } from '@domain/registration';
import { entries, entryFiles, judgeApplications, registrations } from '../../server/db/schema';
import type { Db } from '../../server/db/client';
import { entryFilesOf } from '../../server/entries/entry-files';
import type { EntryStorage } from '../../server/entries/entry-storage';
import { sessionCookieOf, signInJudge, withCookie } from '../../server/routes/auth/sign-in-for-tests';
import type { FamilyHarness } from './family-harness';
import { childRegistration } from './registration-fixtures';
import { json } from './test-app';
import sharp from 'sharp';

/**
 * Judging's test data (issue 24): ready entries without running ffmpeg (a real JPEG stored as the
 * processing job would keep it), approved judge applications, and judges invited, set up and
 * signed in through the real API and the real invitation email.
 */

/** A checked, ready photo entry of a registration, as the entry worker leaves it. */
export async function readyPhotoEntry(h: FamilyHarness, referenceCode: string, category: CategorySlug): Promise<string> {
  const { db } = h.t.deps.database;
  const [registration] = await db.select({ id: registrations.id }).from(registrations).where(eq(registrations.referenceCode, referenceCode));
  if (!registration) throw new Error(`no registration ${referenceCode}`);
  return storeReadyPhotoEntry(db, entryFilesOf(h.t.deps).storage, registration.id, category, h.clock.now);
}

/**
 * Children registered in drawing (age 7 unless `registration` says otherwise), each with a ready
 * photo entry: their links' tokens, their codes, and each entry's score for `drawingRound`.
 */
export async function scoredDrawingEntries(h: FamilyHarness, children: readonly { registration: Partial<RegistrationInput>; score: number }[]) {
  const tokens: string[] = [];
  const codes: string[] = [];
  const scores = new Map<string, number>();
  for (const child of children) {
    const { input, token } = await h.register(childRegistration({ categories: ['drawing'], age: 7, ...child.registration }));
    tokens.push(token);
    codes.push(input.referenceCode);
    scores.set(await readyPhotoEntry(h, input.referenceCode, 'drawing'), child.score);
  }
  return { tokens, codes, scores };
}

/** The same on any database and entry storage (a test that runs the built server and its commands). */
export async function storeReadyPhotoEntry(db: Db, storage: EntryStorage, registrationId: string, category: CategorySlug, now = new Date()): Promise<string> {
  const id = randomUUID();
  const key = `${registrationId}/${id}/0.jpg`;
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 30, g: 60, b: 200 } } }).jpeg().toBuffer();
  const { bytes } = await storage.put(key, Readable.from([photo]));
  const at = now.toISOString();
  await db.insert(entries).values({ id, registrationId, category, levelId: 'level1', kind: 'photos', fileCount: 1, status: 'ready', receivedAt: at, checkedAt: at });
  await db.insert(entryFiles).values({ entryId: id, position: 0, declaredBytes: bytes, receivedAt: at, mediaKey: key, bytes, width: 64, height: 48 });
  return id;
}

/** An application the organisers approved, ready to be invited. */
export async function approvedApplication(h: FamilyHarness, judge: { name: string; email: string; expertise: string }): Promise<string> {
  const id = randomUUID();
  await h.t.deps.database.db.insert(judgeApplications).values({
    id,
    name: judge.name,
    email: judge.email,
    expertise: judge.expertise,
    experience: 10,
    bio: 'Teaches children.',
    contentHash: randomUUID(),
    status: 'approved',
  });
  return id;
}

export const JUDGE_PASSWORD = 'judging is careful work';

/** Invites the application's author as the admin would, follows the emailed link to set a password, and signs in. */
export async function invitedJudge(h: FamilyHarness, applicationId: string): Promise<{ username: string; cookie: string }> {
  const invited = await h.admin(`/api/judges/${applicationId}/invite`, { method: 'POST' });
  if (invited.status !== 200) throw new Error(`invite failed: ${invited.status} ${await invited.text()}`);
  const { username } = (await invited.json()) as { username: string };
  await h.sendMail();
  const mail = h.smtp.received.filter((m) => m.parsed.subject?.includes('judge account') && m.parsed.text?.includes(username)).at(-1);
  const token = /\/judge\/welcome#([A-Za-z0-9_-]{43})/.exec(mail?.parsed.text ?? '')?.[1];
  if (!token) throw new Error('the invitation email holds no link');
  const set = await h.t.request('/api/auth/invite', json({ token, password: JUDGE_PASSWORD }));
  if (set.status !== 200) throw new Error(`setting the password failed: ${set.status} ${await set.text()}`);
  const login = await h.t.request('/api/auth/login', json({ username, password: JUDGE_PASSWORD, remember: false }));
  if (login.status !== 200) throw new Error(`judge sign-in failed: ${login.status}`);
  return { username, cookie: sessionCookieOf(login) };
}

/**
 * A published Level 1 round of drawing entries through the real API: three judges who fit the
 * contest score every entry with the same whole number on each criterion (the entry's score out
 * of 10), then the admin closes, computes and publishes. Returns the publish answer.
 */
export async function publishedDrawingRound(h: FamilyHarness, scores: ReadonlyMap<string, number>): Promise<{ certificates: number; emails: number }> {
  return (await drawingRound(h, scores, 'published')).answer;
}

/** The same round moved as far as `until` (its results computed but not published, or published); its id and the last move's answer. */
export async function drawingRound(h: FamilyHarness, scores: ReadonlyMap<string, number>, until: 'results' | 'published'): Promise<{ roundId: string; answer: { certificates: number; emails: number } }> {
  const cookies = [];
  for (const n of [1, 2, 3]) cookies.push(await signInJudge(h.t, { username: `drawing-judge-${n}`, password: JUDGE_PASSWORD, expertise: 'Drawing Artist' }));
  const opened = await h.admin('/api/judging/rounds', json({ levelId: 'level1' }));
  if (opened.status !== 200) throw new Error(`opening the round failed: ${opened.status} ${await opened.text()}`);
  const { round } = (await opened.json()) as { round: { id: string } };
  for (const cookie of cookies) {
    const queue = (await (await h.t.request('/api/judge/queue', withCookie(cookie))).json()) as { entries: { entryId: string }[] };
    for (const { entryId } of queue.entries) {
      const score = scores.get(entryId);
      if (score === undefined) continue;
      const sheet = { scores: { idea: score, skill: score, colour: score, finish: score }, comment: '', editedAt: h.clock.now.toISOString() };
      const saved = await h.t.request(`/api/judge/scores/${entryId}`, withCookie(cookie, json(sheet, 'PUT')));
      if (saved.status !== 200) throw new Error(`a score sheet was refused: ${saved.status} ${await saved.text()}`);
    }
  }
  let answer: { certificates: number; emails: number } = { certificates: 0, emails: 0 };
  for (const [from, to] of [
    ['scoring', 'closed'],
    ['closed', 'results'],
    ['results', 'published'],
  ] as const) {
    if (from === until) break;
    const moved = await h.admin(`/api/judging/rounds/${round.id}/state`, json({ from, to }));
    if (moved.status !== 200) throw new Error(`moving the round to ${to} failed: ${moved.status} ${await moved.text()}`);
    answer = (await moved.json()) as { certificates: number; emails: number };
  }
  return { roundId: round.id, answer };
}
