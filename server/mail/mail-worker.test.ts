import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LEVELS } from '@domain/season';
import { decodeQrPng, familyLinkIn, startSmtpTestServer, type Refusal, type SmtpTestServer } from '../../tests/setup/smtp-test-server';
import { childRegistration, instituteRegistration, recordFromBeforeConsent } from '../../tests/setup/registration-fixtures';
import { createTestApp, json, type TestApp } from '../../tests/setup/test-app';
import { testDatabaseKinds } from '../../tests/setup/test-database';
import type { Deps } from '../context';
import { openDatabase } from '../db/client';
import { loadEnv } from '../env';
import { createLogger } from '../lib/logger';
import { claimNextMail, claimStatement, mailFor, markMailSent } from '../db/stores/mail-outbox-store';
import { seedRegistrations } from '../cli/seed-registrations';
import { createMailTransport } from './mail-transport';
import { createMailSender, retryDelay, startMailWorker, type MailWorkerOptions } from './mail-worker';

const PUBLIC_URL = 'https://ktc.example.org';
const FAST: Partial<MailWorkerOptions> = { retryBaseMs: 1, retryCapMs: 5, pollMs: 20 };

describe.each(testDatabaseKinds())('confirmation emails on %s', (kind) => {
  let t: TestApp;
  let smtp: SmtpTestServer;
  let refuse: (address: string) => Refusal | null = () => null;

  beforeAll(async () => {
    smtp = await startSmtpTestServer({ refuse: (address) => refuse(address) });
    const env = loadEnv({ NODE_ENV: 'test', SCRYPT_LOG_N: '10', SMTP_URL: smtp.url, PUBLIC_URL, MAIL_FROM: 'KTC <no-reply@example.org>' });
    t = await createTestApp(kind, { env });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  afterEach(async () => {
    refuse = () => null;
    // Each test counts its own emails: nothing left queued, nothing left received.
    await t.database.rows(sql`delete from mail_outbox`);
    smtp.received.length = 0;
  });

  const sender = (deps: Deps = t.deps, options: Partial<MailWorkerOptions> = FAST) =>
    createMailSender(deps, createMailTransport(deps.env, createLogger(() => {})), options);
  const post = (body: unknown) => t.request('/api/registrations', json(body));
  const postBatch = (registrations: unknown[]) => t.request('/api/registrations/batch', json({ registrations }));

  it('sends one confirmation with the reference code, what was registered, the dates, a QR code of the code and the private link', async () => {
    const input = childRegistration({ name: 'Kavin <b>Kumar</b>', email: 'kavin.parent@example.org', categories: ['yoga'] });
    expect((await post(input)).status).toBe(201);

    expect(await sender().sendDue()).toBe(1);
    const [mail] = await smtp.waitFor(1);
    if (!mail) throw new Error('no email');
    expect(mail.to).toEqual(['kavin.parent@example.org']);
    expect(mail.parsed.from?.text).toContain('no-reply@example.org');
    expect(mail.parsed.subject).toBe(`Registration confirmed: ${input.referenceCode}`);

    const text = mail.parsed.text ?? '';
    expect(text).toContain(`Reference code: ${input.referenceCode}`);
    expect(text).toContain("Child's name: “Kavin <b>Kumar</b>”");
    expect(text).toContain('Age: 7 years');
    expect(text).toContain('Contests: Yoga Competition');
    expect(text).toContain('Parental consent: given by “Lakshmi Raman”');
    for (const level of LEVELS) expect(text).toContain(`${level.title}: ${level.date}`);
    const link = familyLinkIn(mail);
    expect(link.startsWith(`${PUBLIC_URL}/my/`)).toBe(true);

    const html = typeof mail.parsed.html === 'string' ? mail.parsed.html : '';
    expect(html).toContain('Kavin &#60;b&#62;Kumar&#60;/b&#62;');
    expect(html).toContain(`href="${link}"`);
    const qr = mail.parsed.attachments.find((a) => a.contentType === 'image/png');
    expect(qr?.cid).toBeTruthy();
    expect(html).toContain(`cid:${qr?.cid}`);
    expect(decodeQrPng(qr?.content as Buffer)).toBe(input.referenceCode);

    const [status] = await mailFor(t.deps.database.db, input.id);
    expect(status).toMatchObject({ status: 'sent', template: 'confirmation', reason: 'registered', attempts: 1, sentTo: 'kavin.parent@example.org' });
  });

  it('links a Tamil registration to its Tamil page (/ta/my/…), an English one to /my/…', async () => {
    const tamil = childRegistration({ email: 'tamil.parent@example.org', language: 'ta' });
    const english = childRegistration({ email: 'english.parent@example.org' });
    expect((await post(tamil)).status).toBe(201);
    expect((await post(english)).status).toBe(201);
    expect(await sender().sendDue()).toBe(2);
    const linkTo = (address: string) => {
      const mail = smtp.received.find((m) => m.to.includes(address));
      if (!mail) throw new Error(`no email to ${address}`);
      return familyLinkIn(mail);
    };
    expect(linkTo('tamil.parent@example.org')).toMatch(new RegExp(`^${PUBLIC_URL}/ta/my/[A-Za-z0-9_-]{43}$`));
    expect(linkTo('english.parent@example.org')).toMatch(new RegExp(`^${PUBLIC_URL}/my/[A-Za-z0-9_-]{43}$`));
  });

  it('sends exactly one email per stored record, however often a batch is replayed, and none for refused records', async () => {
    const batch = [childRegistration(), recordFromBeforeConsent(), instituteRegistration(), childRegistration()];
    const invalid = { ...childRegistration(), age: 30 };
    const first = await postBatch([...batch, invalid]);
    expect((await first.json()).results.map((r: { status: string }) => r.status)).toEqual(['created', 'created', 'created', 'created', 'invalid']);
    const second = await postBatch(batch);
    expect((await second.json()).results.map((r: { status: string }) => r.status)).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate']);
    // Same id, other content: a conflict, stored once, emailed once.
    const conflict = await post({ ...batch[0], city: 'Madurai' });
    expect(conflict.status).toBe(409);

    expect(await sender().sendDue()).toBe(4);
    // Replays after the emails went out queue nothing new either.
    await postBatch(batch);
    expect(await sender().sendDue()).toBe(0);

    const codes = smtp.received.map((mail) => /Reference code: (\S+)/.exec(mail.parsed.text ?? '')?.[1]).sort();
    expect(codes).toEqual(batch.map((r) => r.referenceCode).sort());
    expect(smtp.received.some((mail) => mail.parsed.text?.includes(invalid.referenceCode))).toBe(false);
  });

  it('confirms a registration from the legacy createuser path too', async () => {
    const response = await t.request(
      '/api/users/createuser',
      json({ name: 'Old Client', age: 9, email: 'legacy@example.org', phone: '9876543210', city: 'Chennai', categories: 'Dance Challenge', agreeTerms: true, createdBy: 'participants' }),
    );
    expect(response.status).toBe(201);
    const { registration } = await response.json();
    expect(await sender().sendDue()).toBe(1);
    expect(smtp.received[0]?.to).toEqual(['legacy@example.org']);
    expect(smtp.received[0]?.parsed.text).toContain(registration.referenceCode);
    // A legacy record carries no consent: the email asks for it on the private page.
    expect(smtp.received[0]?.parsed.text).toContain('Parental consent: not recorded yet');
  });

  it('sends each email once when two instances with their own connections work the same queue', async () => {
    const records = Array.from({ length: 30 }, (_, i) => childRegistration({ email: `family${i}@example.org` }));
    expect((await postBatch(records)).status).toBe(200);
    const other = t.database.url ? await openDatabase({ kind: 'postgres', url: t.database.url, maxConnections: 2 }) : t.database;
    try {
      const counts = await Promise.all([sender().sendDue(), sender({ ...t.deps, database: other }).sendDue()]);
      expect(counts[0] + counts[1]).toBe(30);
      if (kind === 'postgres') expect(Math.min(...counts)).toBeGreaterThan(0);
    } finally {
      if (other !== t.database) await other.close();
    }
    const recipients = smtp.received.flatMap((mail) => mail.to).sort();
    expect(recipients).toEqual(records.map((r) => r.email).sort());
    const [row] = await t.database.rows<{ sent: number }>(sql`select count(*)::int as sent from mail_outbox where status = 'sent'`);
    expect(Number(row?.sent)).toBe(30);
  });

  it('retries an email whose claim ran out (a crashed instance), and the late instance cannot mark it', async () => {
    const input = childRegistration();
    await post(input);
    const abandoned = await claimNextMail(t.deps.database.db, 1);
    expect(abandoned?.registrationId).toBe(input.id);
    await new Promise((r) => setTimeout(r, 20));

    expect(await sender().sendDue()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(await markMailSent(t.deps.database.db, abandoned as NonNullable<typeof abandoned>, { messageId: 'late', sentTo: 'x' })).toBe(false);
    const [status] = await mailFor(t.deps.database.db, input.id);
    expect(status).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('claims the next email through an index, not by reading and sorting the whole backlog (a publish queues 10,000)', async () => {
    await seedRegistrations(t.database, 3_000);
    await t.database.rows(sql`insert into mail_outbox (registration_id, template, reason) select id, 'confirmation', 'registered' from registrations on conflict do nothing`);
    await t.database.rows(sql`analyze mail_outbox`);
    const plan = await t.database.rows<{ 'QUERY PLAN': string }>(sql`explain ${claimStatement(t.deps.database.db, 60_000, randomUUID()).getSQL()}`);
    const text = plan.map((line) => line['QUERY PLAN']).join('\n');
    expect(text).toMatch(/Index Scan using mail_outbox_due/);
    expect(text).not.toMatch(/Sort|Seq Scan on mail_outbox/);
    await t.database.rows(sql`delete from registrations`);
  });

  it('records a refused address as failed, with the mail server reason, and does not retry it', async () => {
    refuse = (address) => (address === 'nobody@example.org' ? { code: 550, message: '5.1.1 Mailbox does not exist' } : null);
    const input = childRegistration({ email: 'nobody@example.org' });
    await post(input);
    expect(await sender().sendDue()).toBe(1);
    expect(await sender().sendDue()).toBe(0);
    const [status] = await mailFor(t.deps.database.db, input.id);
    expect(status).toMatchObject({ status: 'failed', attempts: 1 });
    expect(status?.lastError).toMatch(/550.*Mailbox does not exist/);
    expect(smtp.received).toHaveLength(0);
    // Nobody received the link minted for it, so it was removed again.
    const [links] = await t.database.rows<{ n: number }>(sql`select count(*)::int as n from family_links where registration_id = ${input.id}`);
    expect(Number(links?.n)).toBe(0);
  });

  it('retries a temporary failure with backoff, then sends', async () => {
    let refusals = 2;
    refuse = () => (refusals-- > 0 ? { code: 451, message: '4.3.0 Try again later' } : null);
    const input = childRegistration();
    await post(input);
    const backoff = { retryBaseMs: 200, retryCapMs: 400 };
    expect(await sender(t.deps, backoff).sendDue()).toBe(1);
    const [queued] = await mailFor(t.deps.database.db, input.id);
    expect(queued).toMatchObject({ status: 'queued', attempts: 1 });
    expect(queued?.lastError).toMatch(/451/);
    // Not due again until the backoff has passed.
    expect(await sender(t.deps, backoff).sendDue()).toBe(0);

    for (let round = 0; round < 100 && smtp.received.length === 0; round++) {
      await sender(t.deps, backoff).sendDue();
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(smtp.received).toHaveLength(1);
    const [sent] = await mailFor(t.deps.database.db, input.id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
  });

  it('gives up after the last attempt and says so', async () => {
    refuse = () => ({ code: 421, message: '4.7.0 Service not available' });
    const input = childRegistration();
    await post(input);
    for (let round = 0; round < 50; round++) {
      await sender(t.deps, { ...FAST, maxAttempts: 3 }).sendDue();
      const [status] = await mailFor(t.deps.database.db, input.id);
      if (status?.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 10));
    }
    const [status] = await mailFor(t.deps.database.db, input.id);
    expect(status).toMatchObject({ status: 'failed', attempts: 3 });
    expect(status?.lastError).toMatch(/^Gave up after 3 attempts\. Last error: .*421/);
  });

  it('skips the email of a registration deleted before its turn', async () => {
    const input = childRegistration();
    await post(input);
    await t.database.rows(sql`update registrations set deleted_at = now() where id = ${input.id}`);
    expect(await sender().sendDue()).toBe(1);
    const [status] = await mailFor(t.deps.database.db, input.id);
    expect(status).toMatchObject({ status: 'skipped' });
    expect(smtp.received).toHaveLength(0);
  });

  it('runs in the background until stopped', async () => {
    const worker = startMailWorker(t.deps, createMailTransport(t.deps.env, createLogger(() => {})), FAST);
    try {
      const input = childRegistration();
      await post(input);
      const [mail] = await smtp.waitFor(1);
      expect(mail?.parsed.subject).toContain(input.referenceCode);
    } finally {
      await worker.stop();
    }
  });
});

describe('without SMTP_URL', () => {
  let t: TestApp;
  let dataDir: string;
  const lines: string[] = [];
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ktc-mail-'));
    t = await createTestApp('pglite', { env: loadEnv({ NODE_ENV: 'test', SCRYPT_LOG_N: '10', DATA_DIR: dataDir, PORT: '8123' }) });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes each email as an .eml file in DATA_DIR/mail and says so once in the log', async () => {
    const log = createLogger((line) => lines.push(line));
    const transport = createMailTransport(t.deps.env, log);
    const input = childRegistration();
    await t.request('/api/registrations', json(input));
    await t.request('/api/registrations', json(childRegistration()));
    expect(await createMailSender(t.deps, transport, FAST).sendDue()).toBe(2);

    const folder = join(dataDir, 'mail');
    const files = readdirSync(folder).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(2);
    const parsed = await Promise.all(files.map((name) => simpleParser(readFileSync(join(folder, name)))));
    const mine = parsed.find((mail) => mail.subject?.includes(input.referenceCode));
    expect(mine?.text).toContain('http://localhost:8123/my/');
    expect(decodeQrPng(mine?.attachments[0]?.content as Buffer)).toBe(input.referenceCode);

    const notices = lines.filter((line) => line.includes('no SMTP_URL'));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(folder);
  });
});

describe('retryDelay', () => {
  it('doubles from the base per attempt and stops at the cap', () => {
    const options = { retryBaseMs: 1000, retryCapMs: 60_000 };
    expect(retryDelay(1, options)).toBeGreaterThanOrEqual(900);
    expect(retryDelay(1, options)).toBeLessThanOrEqual(1100);
    expect(retryDelay(4, options)).toBeGreaterThanOrEqual(7200);
    expect(retryDelay(4, options)).toBeLessThanOrEqual(8800);
    expect(retryDelay(30, options)).toBeLessThanOrEqual(66_000);
  });
});
