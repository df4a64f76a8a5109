import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpTestServer, type SmtpTestServer } from '../../tests/setup/smtp-test-server';
import { childRegistration } from '../../tests/setup/registration-fixtures';
import { createTestApp, json, type TestApp } from '../../tests/setup/test-app';
import { testDatabaseKinds } from '../../tests/setup/test-database';
import { loadEnv } from '../env';
import { createLogger } from '../lib/logger';
import { mailFor } from '../db/stores/mail-outbox-store';
import { signIn, withCookie } from '../routes/auth/sign-in-for-tests';
import { createMailTransport } from './mail-transport';
import { createMailSender } from './mail-worker';

const STRANGER = 'stranger@example.net';

/**
 * The server cannot be used to email strangers: anyone can type anyone's address into a
 * registration, so what one address receives is capped, and what reaches it carries no line an
 * attacker wrote to read as ours.
 */
describe.each(testDatabaseKinds())('emails to an address nobody asked for, on %s', (kind) => {
  let t: TestApp;
  let smtp: SmtpTestServer;

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    const env = loadEnv({ NODE_ENV: 'test', SCRYPT_LOG_N: '10', SMTP_URL: smtp.url, PUBLIC_URL: 'https://ktc.example.org', PUBLIC_WRITE_LIMIT_FACTOR: '0' });
    t = await createTestApp(kind, { env });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const sendAll = () => createMailSender(t.deps, createMailTransport(t.deps.env, createLogger(() => {})), { retryBaseMs: 1, retryCapMs: 5 }).sendDue();
  const batch = (registrations: unknown[]) => t.request('/api/registrations/batch', json({ registrations }));

  it('refuses line breaks, bidi controls and links in single-line fields, record by record', async () => {
    const attacks = [
      childRegistration({ email: STRANGER, city: 'Chennai\nACTION NEEDED: pay at https://pay.evil.example/ktc' }),
      childRegistration({ email: STRANGER, city: 'Chennai\r\nPay now' }),
      childRegistration({ email: STRANGER, guardianName: 'Visit https://pay.evil.example' }),
      childRegistration({ email: STRANGER, guardianName: 'Lakshmi\u202eeman' }),
      childRegistration({ email: STRANGER, name: 'Asha www.evil.example' }),
      childRegistration({ email: STRANGER, instituteName: 'School\u2028Line two' }),
    ];
    const response = await batch(attacks);
    expect(response.status).toBe(200);
    const { results } = (await response.json()) as { results: { status: string; error?: { fields: Record<string, string>; codes: Record<string, { code: string }> } }[] };
    expect(results.map((r) => r.status)).toEqual(Array(attacks.length).fill('invalid'));
    expect(Object.keys(results[0]!.error!.fields)).toEqual(['city']);
    expect(results[0]!.error!.codes.city?.code).toBe('text.hidden');
    expect(results[2]!.error!.codes.guardianName?.code).toBe('text.webAddress');
    expect(results[4]!.error!.codes.name?.code).toBe('text.webAddress');
    expect(await sendAll()).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  it('a batch of 100 registrations for one stranger stores all 100 but emails them at most 5 times, and the admin sees why', async () => {
    const records = Array.from({ length: 100 }, (_, i) => childRegistration({ name: `Child ${i}`, email: i % 2 ? STRANGER : STRANGER.toUpperCase() }));
    const response = await batch(records);
    expect(((await response.json()) as { results: { status: string }[] }).results.every((r) => r.status === 'created')).toBe(true);

    await sendAll();
    const toStranger = smtp.received.filter((mail) => mail.to.some((to) => to.toLowerCase() === STRANGER));
    expect(toStranger).toHaveLength(5);
    const [stored] = await t.database.rows<{ n: number }>(sql`select count(*)::int as n from registrations where lower(email) = ${STRANGER}`);
    expect(Number(stored?.n)).toBe(100);
    const statuses = await t.database.rows<{ status: string; n: number }>(
      sql`select m.status, count(*)::int as n from mail_outbox m join registrations r on r.id = m.registration_id where lower(r.email) = ${STRANGER} group by m.status order by m.status`,
    );
    expect(statuses.map((s) => [s.status, Number(s.n)])).toEqual([
      ['sent', 5],
      ['skipped', 95],
    ]);
    // Emails of one batch fall due together, so which five went first is not fixed: take one held back.
    const [skippedRow] = await t.database.rows<{ id: string }>(
      sql`select m.registration_id as id from mail_outbox m where m.status = 'skipped' and m.reason = 'registered' limit 1`,
    );
    const last = records.find((record) => record.id === skippedRow?.id)!;
    const [held] = await mailFor(t.database.db, last.id);
    expect(held).toMatchObject({ status: 'skipped' });
    expect(held?.lastError).toMatch(/already went to this address in the last 24 hours/);

    // The details an admin opens say so, and an admin's deliberate resend still goes.
    const admin = await signIn(t);
    const details = await (await t.request(`/api/registrations/${last.id}`, withCookie(admin))).json();
    expect(JSON.stringify(details)).toMatch(/already went to this address/);
    const resend = await t.request(`/api/registrations/${last.id}/resend-confirmation`, withCookie(admin, { method: 'POST' }));
    expect(resend.status).toBe(202);
    await sendAll();
    expect(smtp.received.filter((mail) => mail.to.some((to) => to.toLowerCase() === STRANGER))).toHaveLength(6);
  });

  it('what a person typed reads as quoted data on its own labelled line, never as a link of ours', async () => {
    // A row stored before today's rules (straight into the table), with a line break and a link.
    const input = childRegistration({ email: 'family@example.org' });
    expect((await batch([input])).status).toBe(200);
    await t.database.rows(sql`update registrations set city = ${'Chennai\nACTION NEEDED: pay at https://pay.evil.example/ktc'} where id = ${input.id}::uuid`);
    await t.database.rows(sql`update mail_outbox set status = 'queued' where registration_id = ${input.id}::uuid`);
    smtp.received.length = 0;
    await sendAll();
    const mail = smtp.received.find((m) => m.to.includes('family@example.org'));
    const text = mail?.parsed.text ?? '';
    expect(text).toContain('- City: “Chennai ACTION NEEDED: pay at https:\u200b//pay.evil.example/ktc”');
    expect(text.split('\n').some((line) => line.startsWith('ACTION NEEDED'))).toBe(false);
    expect(String(mail?.parsed.html)).not.toMatch(/href="https:\/\/pay\.evil/);
  });
});
