import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { startServer, type RunningServer } from '../setup/server-process';
import { familyLinkIn, startSmtpTestServer, tokenOf, type SmtpTestServer } from '../setup/smtp-test-server';
import { makeVideo } from '../fixtures/entry-media';
import { sharedPostgres } from './support/private-postgres';
import { makeRegistration, postJson } from './support/registrations';
import { signInWithCode, TEST_TOTP_SECRET } from '../setup/second-factor-codes';

const ADMIN = { username: 'fault-admin', password: 'two instances share one database' };

function login(server: RunningServer, password: string): Promise<Response> {
  return postJson(server.url, '/api/auth/login', { username: ADMIN.username, password, remember: false });
}

// PGlite is an embedded, single-process database: two servers cannot share it, so this is Postgres only.
describe('two server instances on one Postgres (Postgres only: PGlite cannot be shared)', () => {
  let database: { url: string; dispose(): Promise<void> };
  let first: RunningServer;
  let second: RunningServer;
  let smtp: SmtpTestServer;
  const entriesDir = mkdtempSync(join(tmpdir(), 'ktc-shared-entries-'));

  beforeAll(async () => {
    database = await sharedPostgres();
    smtp = await startSmtpTestServer();
    // One entries directory for both, as a network file system would give them.
    const env = { DATABASE_URL: database.url, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, ADMIN_TOTP_SECRET: TEST_TOTP_SECRET, SMTP_URL: smtp.url, ENTRIES_DIR: entriesDir };
    // Started together: both migrate and create the admin against the same database at once.
    [first, second] = await Promise.all([startServer({ env }), startServer({ env })]);
  }, 90_000);

  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    first?.cleanup();
    second?.cleanup();
    await database?.dispose();
    await smtp?.close();
    rmSync(entriesDir, { recursive: true, force: true });
  });

  it('accepts a session created on one instance on the other', async () => {
    const cookie = await signInWithCode(first.url, ADMIN, { codesKey: 'two-instances' });

    const me = await fetch(`${second.url}/api/auth/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ admin: { username: ADMIN.username, role: 'admin' } });

    const list = await fetch(`${second.url}/api/registrations?limit=1`, { headers: { cookie } });
    expect(list.status).toBe(200);

    // Signing out on the second instance ends the session on the first.
    const signedOut = await fetch(`${second.url}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie, origin: second.url, 'x-requested-with': 'fetch' },
    });
    expect(signedOut.status).toBe(200);
    expect((await fetch(`${first.url}/api/auth/me`, { headers: { cookie } })).status).toBe(401);
  });

  it('counts failed logins across both instances: the sixth try after five failures is refused with 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await login(i % 2 === 0 ? first : second, `wrong password ${i}`)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const limited = await login(second, 'wrong password again');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The limit holds on the other instance too, even with the right password.
    expect((await login(first, ADMIN.password)).status).toBe(429);
  });

  it('stores a registration raced on both instances with the same id exactly once', async () => {
    const records = Array.from({ length: 40 }, (_, i) => makeRegistration(i));
    const answers = await Promise.all(
      records.map(async (record) => {
        const [a, b] = await Promise.all([
          postJson(first.url, '/api/registrations', record),
          postJson(second.url, '/api/registrations', record),
        ]);
        const bodies = (await Promise.all([a.json(), b.json()])) as Array<{ status?: string }>;
        return { statuses: [a.status, b.status].sort(), kinds: bodies.map((body) => body.status).sort() };
      }),
    );
    for (const answer of answers) {
      expect(answer.statuses).toEqual([200, 201]);
      expect(answer.kinds).toEqual(['created', 'duplicate']);
    }

    const direct = await openDatabase({ kind: 'postgres', url: database.url, maxConnections: 1 });
    try {
      const rows = await direct.rows<{ id: string; copies: number }>(
        sql`select id::text as id, count(*)::int as copies from registrations group by id`,
      );
      const copies = new Map(rows.map((r) => [r.id, r.copies]));
      expect(records.map((r) => copies.get(r.id))).toEqual(records.map(() => 1));
    } finally {
      await direct.close();
    }
  });

  it('sends each confirmation exactly once, though both instances work the one queue', async () => {
    // Half the records reach one instance, half the other, and every record is sent twice (a replay).
    const records = Array.from({ length: 60 }, (_, i) => makeRegistration(1000 + i));
    const byCode = (code: string) => smtp.received.filter((mail) => mail.parsed.subject?.includes(code)).length;
    await Promise.all(
      records.map(async (record, i) => {
        const [a, b] = i % 2 === 0 ? [first, second] : [second, first];
        expect((await postJson(a.url, '/api/registrations', record)).status).toBe(201);
        expect((await postJson(b.url, '/api/registrations', record)).status).toBe(200);
      }),
    );
    const deadline = Date.now() + 60_000;
    while (records.some((r) => byCode(r.referenceCode) === 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    // Both workers poll every 2 s: give a second copy every chance to show up.
    await new Promise((r) => setTimeout(r, 5_000));
    expect(records.map((r) => byCode(r.referenceCode))).toEqual(records.map(() => 1));

    const direct = await openDatabase({ kind: 'postgres', url: database.url, maxConnections: 1 });
    try {
      const [row] = await direct.rows<{ sent: number; attempts: number }>(sql`
        select count(*)::int as sent, sum(attempts)::int as attempts from mail_outbox m
        join registrations r on r.id = m.registration_id
        where m.status = 'sent' and r.reference_code = any(${sql.param(records.map((r) => r.referenceCode))}::text[])`);
      expect({ sent: Number(row?.sent), attempts: Number(row?.attempts) }).toEqual({ sent: 60, attempts: 60 });
    } finally {
      await direct.close();
    }
  }, 120_000);

  it('continues an upload started on one instance on the other, and takes the lock from a request still writing there', async () => {
    const registration = makeRegistration(9001, { categories: ['dance'] });
    expect((await postJson(first.url, '/api/registrations', registration)).status).toBe(201);
    let token = '';
    await expect.poll(() => (token = smtp.received.filter((mail) => mail.parsed.subject?.includes(registration.referenceCode)).map((mail) => tokenOf(familyLinkIn(mail)))[0] ?? ''), { timeout: 30_000 }).not.toBe('');
    const family = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
    const video = await readFile(await makeVideo(entriesDir, { seconds: 2, codec: 'h264' }));
    const entryId = randomUUID();
    const created = await fetch(`${first.url}/api/family/entries`, {
      method: 'POST',
      headers: { ...family, 'content-type': 'application/json' },
      body: JSON.stringify({ id: entryId, category: 'dance', levelId: 'level1', files: [{ bytes: video.length }] }),
    });
    expect(created.status).toBe(201);
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    const post = await fetch(`${first.url}/api/family/uploads`, {
      method: 'POST',
      headers: { ...family, 'upload-length': String(video.length), 'upload-metadata': `entry ${b64(entryId)},position ${b64('0')}` },
    });
    expect(post.status).toBe(201);
    const path = post.headers.get('location')!;
    const half = Math.floor(video.length / 2);

    // On the first instance, a request sends half and then stalls, holding the upload's lock.
    const stalled = request(`${first.url}${path}`, {
      method: 'PATCH',
      headers: { ...family, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': String(video.length) },
    });
    const ended = new Promise<void>((resolve) => {
      stalled.on('error', () => resolve());
      stalled.on('close', () => resolve());
    });
    stalled.write(video.subarray(0, half));
    await expect.poll(async () => (await fetch(`${second.url}${path}`, { method: 'HEAD', headers: family })).headers.get('upload-offset'), { timeout: 20_000 }).toBe(String(half));

    // The client reconnects to the second instance: it asks the first to let go, then goes on.
    const rest = await fetch(`${second.url}${path}`, {
      method: 'PATCH',
      headers: { ...family, 'upload-offset': String(half), 'content-type': 'application/offset+octet-stream' },
      body: video.subarray(half),
    });
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(video.length));
    // The first instance let go of it: its request was ended there.
    await ended;

    await expect
      .poll(async () => {
        const body = (await (await fetch(`${first.url}/api/family/entries`, { headers: family })).json()) as { contests: { counting: { id: string } | null }[] };
        return body.contests[0]?.counting?.id ?? null;
      }, { timeout: 60_000 })
      .toBe(entryId);
  });
});
