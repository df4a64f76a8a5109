import { parseArgs } from 'node:util';
import { loadEnv } from '../env';
import { sendControlRequest } from '../lib/control-channel';
import { resultOf, withDatabaseOrServer } from './database-or-server';
import { seedRegistrations } from './seed-registrations';
import { plural } from '@domain/plural';

/** `npm run seed -- --count 100000`: fills the database with realistic demo registrations. */
async function main() {
  const { values } = parseArgs({ options: { count: { type: 'string', default: '1000' } } });
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1 || count > 2_000_000) {
    throw new Error('--count must be a whole number from 1 to 2000000.');
  }
  const env = loadEnv();
  const message = await withDatabaseOrServer(env, {
    async local(database) {
      const { inserted, seconds } = await seedRegistrations(database, count);
      return `Seeded ${plural(inserted, { one: '# registration', other: '# registrations' })} into ${database.kind} in ${seconds.toFixed(1)} s.`;
    },
    async viaServer(socket, pid) {
      const result = resultOf(await sendControlRequest(socket, { command: 'seed', count }));
      return `Seeded ${plural(Number(result.inserted), { one: '# registration', other: '# registrations' })} through the running server (pid ${pid}) in ${Number(result.seconds).toFixed(1)} s.`;
    },
  });
  process.stdout.write(`${message}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Seeding failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
