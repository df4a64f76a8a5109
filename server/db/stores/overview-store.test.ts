import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../tests/setup/test-app';
import { testDatabaseKinds } from '../../../tests/setup/test-database';
import { generateRegistrations, insertRegistrations, seededRandom } from '../../cli/seed-registrations';
import { seasonOverview } from './overview-store';
import { FEE_DUE_PAISE } from './payment-store';
import { countLive } from './registration-list-store';

/**
 * The counters behind the overview and the admin table's total are kept by statement-level
 * triggers (migrations 0005 and 0010). Whatever writers do at the same time, on as many
 * connections as the pool has, they must equal a count over the rows.
 */
describe.each(testDatabaseKinds())('the trigger-kept counters under concurrent writers, on %s', (kind) => {
  const database = useTestDatabase(kind);

  /** The same figures, counted from the rows themselves. */
  async function countedFromRows() {
    const counted = sql`(deleted_at is null or erased_at is not null)`;
    const [totals] = await database.rows<{ total: number; live: number; institutes: number }>(sql`
      select (select count(*)::int from registrations where ${counted}) as total,
             (select count(*)::int from registrations where deleted_at is null) as live,
             (select count(*)::int from registrations where ${counted} and type = 'institute') as institutes`);
    const perDay = await database.rows<{ day: string; count: number }>(sql`
      select to_char(created_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as day, count(*)::int as count
      from registrations where ${counted} group by 1 order by 1`);
    const perCategory = await database.rows<{ category: string; count: number }>(sql`
      select c as category, count(*)::int as count from registrations, unnest(categories) c where ${counted} group by 1`);
    // The money (ADR 024): what live children's registrations owe, and the live ledger entries.
    const [money] = await database.rows<{ due: number; collected: number; waived: number }>(sql`
      select (select coalesce(sum(${FEE_DUE_PAISE}), 0)::int from registrations r where r.deleted_at is null and r.cancelled_at is null) as due,
        (select coalesce(sum(case kind when 'payment' then amount_paise when 'refund' then -amount_paise else 0 end), 0)::int from ledger_entries where voided_at is null) as collected,
        (select coalesce(sum(case kind when 'waiver' then amount_paise else 0 end), 0)::int from ledger_entries where voided_at is null) as waived`);
    return { ...totals!, perDay, perCategory: Object.fromEntries(perCategory.map((row) => [row.category, row.count])), money: money! };
  }

  async function expectCountersToMatch() {
    const [overview, live, rows] = await Promise.all([seasonOverview(database), countLive(database), countedFromRows()]);
    expect(overview.total).toBe(rows.total);
    expect(live).toBe(rows.live);
    expect(overview.perType.find((t) => t.type === 'institute')?.count).toBe(rows.institutes);
    expect(overview.perDay).toEqual(rows.perDay);
    for (const { category, count } of overview.perCategory) expect(count).toBe(rows.perCategory[category] ?? 0);
    expect([overview.money.duePaise, overview.money.collectedPaise, overview.money.waivedPaise]).toEqual([rows.money.due, rows.money.collected, rows.money.waived].map(Number));
    expect(overview.money.perDay.reduce((sum, row) => sum + row.collectedPaise, 0)).toBe(Number(rows.money.collected));
  }

  /** Ledger entries for some of the rows, written by several writers at once: payments, waivers, refunds. */
  async function writeLedger(ids: string[], round: number) {
    await Promise.all(
      ids.map((id, i) =>
        database.rows(sql`
          insert into ledger_entries (id, registration_id, kind, method, amount_paise, reason, source, recorded_by, occurred_at, receipt_number)
          values (gen_random_uuid(), ${id}::uuid, ${['payment', 'waiver', 'refund'][i % 3]}, ${i % 3 === 1 ? null : ['cash', 'upi', 'bank'][i % 3]},
            ${9900 + round}, ${i % 3 === 0 ? null : 'test'}, 'admin', 'test', ${`2027-03-1${i % 5}T10:00:00+05:30`}::timestamptz,
            case when ${i % 3} = 0 then nextval('ledger_receipt_numbers') end)`),
      ),
    );
  }

  it('equal a count over the rows after inserts, edits, deletes and restores running side by side', async () => {
    const seed = generateRegistrations(600, seededRandom(7), Date.parse('2027-03-10T10:00:00+05:30'));
    // Twelve writers at once (more than the pool's connections), each inserting its own share.
    await Promise.all(Array.from({ length: 12 }, (_, w) => insertRegistrations(database, seed.filter((_, i) => i % 12 === w))));
    await writeLedger(seed.slice(0, 60).map((row) => row.id), 1);
    await expectCountersToMatch();

    const ids = seed.map((row) => row.id);
    const slice = (from: number, to: number) => sql.param(ids.slice(from, to));
    await Promise.all([
      // Edits that move rows between cities, contests and days.
      ...Array.from({ length: 6 }, (_, w) =>
        database.rows(sql`update registrations set city = 'Tambaram', categories = '{yoga,drawing}', created_at = created_at - interval '1 day'
          where age_unit = 'years' and id = any(${slice(w * 20, w * 20 + 20)}::uuid[])`),
      ),
      // Soft deletes, a hard delete, a restore of rows another writer just deleted, new rows.
      database.rows(sql`update registrations set deleted_at = now() where id = any(${slice(200, 300)}::uuid[])`),
      database.rows(sql`delete from registrations where id = any(${slice(300, 340)}::uuid[])`),
      database.rows(sql`update registrations set deleted_at = now(), erased_at = now(), name = null where id = any(${slice(340, 360)}::uuid[])`),
      insertRegistrations(database, generateRegistrations(150, seededRandom(8), Date.parse('2027-03-12T10:00:00+05:30'))),
    ]);
    await database.rows(sql`update registrations set deleted_at = null where id = any(${slice(200, 250)}::uuid[])`);
    // Cancellations change what is owed; voided entries stop counting; more money arrives meanwhile.
    await Promise.all([
      database.rows(sql`update registrations set cancelled_at = now(), cancelled_by = 'family' where id = any(${slice(400, 430)}::uuid[])`),
      database.rows(sql`update ledger_entries set voided_at = now(), voided_by = 'test', void_reason = 'test' where registration_id = any(${slice(0, 20)}::uuid[])`),
      writeLedger(ids.slice(60, 120), 2),
    ]);
    await expectCountersToMatch();
  });
});
