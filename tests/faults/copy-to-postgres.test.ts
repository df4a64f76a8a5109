import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { startServer, type RunningServer } from '../setup/server-process';
import { runCli } from './support/cli';
import { sharedPostgres } from './support/private-postgres';
import { makeRegistration, postJson } from './support/registrations';
import { useCleanups } from './support/places';
import { signInWithCode, TEST_TOTP_SECRET } from '../setup/second-factor-codes';

const ADMIN = { username: 'organiser', password: 'moving to postgres today' };
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Something in every table: registrations (one soft-deleted), a judge with a photo, messages, sign-ups, speed reports, sessions, audit, failed logins. */
async function fillEveryTable(server: RunningServer): Promise<void> {
  for (let i = 0; i < 60; i++) {
    // Pairs with the same child and phone feed the duplicate counters.
    const record = {
      ...makeRegistration(i % 50, i >= 50 ? { name: `Test Child ${i % 50}` } : {}),
      // Some with a parent's consent, so the consent records move too.
      ...(i % 2 === 0 ? { guardianName: 'Lakshmi', privacyConsent: true } : {}),
    };
    expect((await postJson(server.url, '/api/registrations', record)).status).toBe(201);
  }
  const cookie = await signInWithCode(server.url, ADMIN, { remember: true, codesKey: 'copy-to-postgres' });
  expect((await postJson(server.url, '/api/auth/login', { ...ADMIN, password: 'not the password', remember: false })).status).toBe(401);
  const first = makeRegistration(1000);
  expect((await postJson(server.url, '/api/registrations', first)).status).toBe(201);
  const deleted = await fetch(`${server.url}/api/registrations/${first.id}`, {
    method: 'DELETE',
    headers: { cookie, origin: server.url, 'x-requested-with': 'fetch' },
  });
  expect(deleted.status).toBe(200);

  const form = new FormData();
  for (const [key, value] of Object.entries({ id: randomUUID(), name: 'Meena Raman', expertise: 'Classical Dancer', experience: '9', bio: 'Teaches children to sing.' })) {
    form.set(key, value);
  }
  form.set('photo', new Blob([PNG], { type: 'image/png' }), 'photo.png');
  const judge = await fetch(`${server.url}/api/judges`, { method: 'POST', body: form, headers: { origin: server.url, 'x-requested-with': 'fetch' } });
  expect(judge.status).toBe(201);
  const contact = { id: randomUUID(), name: 'A parent', email: 'parent@example.org', phone: '9000012345', subject: 'Venue', message: 'Where is it?', contactMethod: 'Email' };
  expect((await postJson(server.url, '/api/contact', contact)).status).toBe(201);
  expect((await postJson(server.url, '/api/newsletter', { id: randomUUID(), email: 'news@example.org' })).status).toBe(200);
  const speed = { page: '/ta/about', lang: 'ta', navigationType: 'navigate', metrics: [{ name: 'LCP', value: 1234.5 }, { name: 'CLS', value: 0.05 }] };
  expect((await postJson(server.url, '/api/vitals', speed)).status).toBe(204);
}

/**
 * The families' tables need a private link, which only a family's email carries (and the season's
 * links have expired on today's clock), and the venue and retention tables need staff devices and
 * the season's end: rows go straight into the stopped embedded database.
 */
async function fillFamilyTables(dataDir: string): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const [registration] = await database.rows<{ id: string; reference_code: string }>(
      sql`select id::text, reference_code from registrations where deleted_at is null order by id limit 1`,
    );
    if (!registration) throw new Error('no registration to hang the family rows on');
    await database.rows(sql`insert into family_links (token_hash, registration_id, expires_at)
      values (${'a'.repeat(64)}, ${registration.id}::uuid, now() + interval '30 days') returning id`);
    await database.rows(sql`insert into erasure_requests (registration_id, reference_code, due_at)
      values (${registration.id}::uuid, ${registration.reference_code}, now() + interval '30 days') returning id`);
    await database.rows(sql`insert into family_lookup_attempts (ip, code_hash) values ('203.0.113.7', ${'b'.repeat(64)}) returning id`);
    // Venue records and a finished retention step: what staff devices and the retention job write.
    await database.rows(sql`insert into venue_check_ins (id, registration_id, session_id, staff_username, device_id, checked_in_at)
      values (${randomUUID()}::uuid, ${registration.id}::uuid, 'crawling-t-nagar', 'hall-staff', 'dev-1', now()) returning id`);
    await database.rows(sql`insert into venue_fees (id, registration_id, session_id, staff_username, device_id, status, amount_rupees, recorded_at)
      values (${randomUUID()}::uuid, ${registration.id}::uuid, 'crawling-t-nagar', 'hall-staff', 'dev-1', 'paid', 333, now()) returning id`);
    await database.rows(sql`insert into ledger_entries (id, registration_id, kind, method, amount_paise, source, source_ref, recorded_by, occurred_at, receipt_number)
      values (${randomUUID()}::uuid, ${registration.id}::uuid, 'payment', 'upi', 9900, 'admin', null, 'admin', now(), nextval('ledger_receipt_numbers')) returning id`);
    const [statement] = await database.rows<{ id: string }>(sql`insert into statement_imports (file_name, format, imported_by, lines, new_rows)
      values ('march.csv', 'csv', 'admin', 1, 1) returning id::text as id`);
    await database.rows(sql`insert into statement_rows (fingerprint, import_id, booked_on, direction, amount_paise, narration, reference, state, registration_ids)
      values (${'c'.repeat(64)}, ${statement!.id}::uuid, '2027-03-01', 'credit', 9900, 'UPI-PARENT-KTC', '412345678901', 'matched', array[${registration.id}::uuid]) returning id`);
    await database.rows(sql`insert into statement_profiles (signature, mapping, updated_by) values ('date|narration', '{"headerRow": 0}'::jsonb, 'admin') returning signature`);
    await database.rows(sql`insert into payment_reports (id, registration_id, utr, reported_at)
      values (${randomUUID()}::uuid, ${registration.id}::uuid, '412345678901', now()) returning id`);
    await database.rows(sql`insert into venue_walk_ins (registration_id, session_id, staff_username, device_id)
      values (${registration.id}::uuid, 'crawling-t-nagar', 'hall-staff', 'dev-1') returning registration_id`);
    await database.rows(sql`insert into venue_devices (device_id, name) values ('dev-1', 'Hall phone 2') returning device_id`);
    await database.rows(sql`insert into retention_runs (season_year, step, counts) values (2025, 'notice', '{"registrations": 1}'::jsonb) returning id`);
    // The admin's passkey and recovery codes (ADR 033): the public key is bytes, the codes hashes.
    const [account] = await database.rows<{ id: string }>(sql`select id::text from accounts order by username limit 1`);
    await database.rows(sql`insert into passkeys (id, account_id, public_key, counter, transports, name)
      values ('cred-1', ${account!.id}::uuid, decode('a50102032620012158', 'hex'), 3, '["internal"]'::jsonb, 'Laptop') returning id`);
    await database.rows(sql`insert into recovery_codes (account_id, code_hash) values (${account!.id}::uuid, ${'d'.repeat(64)}) returning id`);
    // An entry being sent, with its file and the lock of its upload (ADR 026).
    const entryId = randomUUID();
    await database.rows(sql`insert into entries (id, registration_id, category, level_id, kind, file_count)
      values (${entryId}::uuid, ${registration.id}::uuid, 'dance', 'level1', 'video', 1) returning id`);
    await database.rows(sql`insert into entry_files (entry_id, position, declared_bytes) values (${entryId}::uuid, 0, 1000) returning entry_id`);
    await database.rows(sql`insert into upload_locks (upload_id, holder, expires_at)
      values (${`${entryId}.0.0123456789abcdef`}, ${randomUUID()}::uuid, now() + interval '15 seconds') returning upload_id`);
    // A judge invited and scoring that entry in an open round (issue 24).
    const [judge] = await database.rows<{ id: string }>(sql`insert into accounts (username, password_hash, role)
      values ('judge@example.org', 'scrypt$unusable', 'judge') returning id::text as id`);
    await database.rows(sql`insert into judges (account_id, expertise, conflicts) values (${judge!.id}::uuid, 'Classical Dancer', array['little stars']) returning account_id`);
    await database.rows(sql`insert into account_invites (token_hash, account_id, expires_at) values (${'d'.repeat(64)}, ${judge!.id}::uuid, now() + interval '2 days') returning token_hash`);
    const roundId = randomUUID();
    await database.rows(sql`insert into judging_rounds (id, level_id, settings) values (${roundId}::uuid, 'level1', '{"judgesPerEntry": 3}'::jsonb) returning id`);
    await database.rows(sql`insert into round_entries (round_id, entry_id, number, category, age_band) values (${roundId}::uuid, ${entryId}::uuid, 1, 'dance', '6-8') returning number`);
    await database.rows(sql`insert into judge_assignments (round_id, entry_id, judge_id, reason) values (${roundId}::uuid, ${entryId}::uuid, ${judge!.id}::uuid, 'assigned') returning judge_id`);
    await database.rows(sql`insert into judge_scores (round_id, entry_id, judge_id, scores, edited_at)
      values (${roundId}::uuid, ${entryId}::uuid, ${judge!.id}::uuid, '{"technique": 7}'::jsonb, now()) returning judge_id`);
    // A place at the semi-finals the family accepted, with its stage slot (issue 46).
    await database.rows(sql`insert into level_offers (registration_id, level_id, category, age_band, rank, qualified, source, state, session_id, slot, invited_at, answer_by, answered_at)
      values (${registration.id}::uuid, 'level2', 'dance', '6-8', 1, true, ${`round:${roundId}`}, 'accepted', '2027-l2-dance-6-8', 1, now(), now() + interval '7 days', now()) returning category`);
    // A certificate, the key that signed it and a results page (issue 25): the key must travel with the data.
    await database.rows(sql`insert into signing_keys (kid, public_jwk, private_key_pem) values ('kid-1', '{"kty": "OKP", "crv": "Ed25519", "x": "AAAA"}'::jsonb, 'a private key') returning kid`);
    await database.rows(sql`insert into certificates (id, registration_id, level_id, category, age_band, award, statement, jws, kid, issued_by, pdf_sha256, pdf_bytes)
      values ('abcdefghijklmnop', ${registration.id}::uuid, 'level1', 'dance', '6-8', 'winner', '{"childName": "A child"}'::jsonb, 'a.b.c', 'kid-1', 'admin', ${'e'.repeat(64)}, 1000) returning id`);
    await database.rows(sql`insert into results_pages (path, html) values ('/results', '<!doctype html><title>Results</title>') returning path`);
    // Judging at the venue (issue 45): a published session with its panel, running order, sheets, a heat and places.
    await database.rows(sql`insert into live_sessions (session_id, head_username, state, published_at, published_by) values ('s-1', 'staff-1', 'published', now(), 'admin') returning session_id`);
    await database.rows(sql`insert into session_panels (session_id, judge_id, added_by) values ('s-1', ${judge!.id}::uuid, 'admin') returning session_id`);
    await database.rows(sql`insert into running_order (session_id, registration_id, number, status, over_time) values ('s-1', ${registration.id}::uuid, 1, 'in-order', true) returning number`);
    await database.rows(sql`insert into live_sheets (session_id, number, judge_id, scores, note, edited_at) values ('s-1', 1, ${judge!.id}::uuid, '{"technique": 8}'::jsonb, 'Lovely', now()) returning number`);
    const heatId = randomUUID();
    await database.rows(sql`insert into race_heats (id, session_id, heat, attempt, runners, staff_username, device_id, recorded_at)
      values (${heatId}::uuid, 's-2', 1, 1, ${JSON.stringify([{ registrationId: registration.id, timeMs: 12340, finish: null }])}::jsonb, 'staff-1', 'dev-1', now()) returning id`);
    await database.rows(sql`insert into heat_runners (session_id, registration_id, heat_id) values ('s-2', ${registration.id}::uuid, ${heatId}::uuid) returning heat_id`);
    await database.rows(sql`insert into session_places (session_id, registration_id, number, final, place, award, qualifies, detail)
      values ('s-1', ${registration.id}::uuid, 1, 77.78, 1, 'winner', true, '{"recused": 0}'::jsonb) returning place`);
  } finally {
    await database.close();
  }
}

/** Every row of every table, as JSON text, with times in UTC: compared whole, not by checksum. */
async function dump(database: Database): Promise<Record<string, string[]>> {
  const tables = await database.rows<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = await database.rows<{ j: string }>(
      sql.raw(`select row_to_json(t)::text as j from (select * from "${name}") t order by 1`),
    );
    out[name] = rows.map((r) => r.j).sort();
  }
  return out;
}

describe('npm run db:copy from PGlite to Postgres', () => {
  const onCleanup = useCleanups();

  it('copies every table exactly, and a server on the copy carries on where the embedded one stopped', { timeout: 180_000 }, async () => {
    const target = await sharedPostgres();
    onCleanup(() => target.dispose());
    const env = { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, ADMIN_TOTP_SECRET: TEST_TOTP_SECRET };
    const embedded = await startServer({ env });
    onCleanup(() => embedded.cleanup());
    onCleanup(async () => {
      await embedded.stop('SIGKILL');
    });
    await fillEveryTable(embedded);

    // While the server holds DATA_DIR, the copy refuses: rows written after it would be left behind.
    const early = await runCli('db-copy', ['--to', target.url], { DATA_DIR: embedded.dataDir });
    expect(early.code).not.toBe(0);
    expect(early.stderr).toContain(`in use by process ${embedded.process.pid}`);

    expect(await embedded.stop('SIGTERM')).toBe(0);
    await fillFamilyTables(embedded.dataDir);
    const copy = await runCli('db-copy', ['--to', target.url], { DATA_DIR: embedded.dataDir });
    expect(copy.stderr).toBe('');
    expect(copy.code).toBe(0);
    expect(copy.stdout).toContain('Every table matches');

    const source = await openDatabase({ kind: 'pglite', dataDir: embedded.dataDir });
    const copied = await openDatabase({ kind: 'postgres', url: target.url, maxConnections: 1 });
    try {
      for (const database of [source, copied]) await database.rows(sql`set time zone 'UTC'`);
      const [before, after] = [await dump(source), await dump(copied)];
      expect(Object.keys(after)).toEqual(Object.keys(before));
      for (const table of Object.keys(before)) {
        expect(before[table]?.length, `rows in ${table}`).toBeGreaterThan(0);
        expect(after[table], table).toEqual(before[table]);
      }
      // Receipt numbers carry on after the highest one copied: the sequence came along.
      const [receipts] = await copied.rows<{ next: number; highest: number }>(
        sql`select nextval('ledger_receipt_numbers')::int as next, (select max(receipt_number) from ledger_entries)::int as highest`,
      );
      expect(receipts!.next).toBeGreaterThan(receipts!.highest);
    } finally {
      await source.close();
      await copied.close();
    }

    // A second copy into the same database is refused: it is no longer empty.
    const again = await runCli('db-copy', ['--to', target.url], { DATA_DIR: embedded.dataDir });
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('already holds data');

    // Step 3 of the move: the server on Postgres knows the admin, the rows and the counts.
    const onPostgres = await startServer({ env: { ...env, DATABASE_URL: target.url } });
    onCleanup(async () => {
      await onPostgres.stop('SIGKILL');
      onPostgres.cleanup();
    });
    // A failed and a good login add login_attempts and audit_log rows: their id sequences moved past the copied ids.
    expect((await postJson(onPostgres.url, '/api/auth/login', { ...ADMIN, password: 'wrong again', remember: false })).status).toBe(401);
    const cookie = await signInWithCode(onPostgres.url, ADMIN, { codesKey: 'copy-to-postgres' });
    const list = await fetch(`${onPostgres.url}/api/registrations?limit=1`, { headers: { cookie } });
    expect(list.status).toBe(200);
    expect(await list.json()).toMatchObject({ total: 60, filtered: 60 });
  });
});
