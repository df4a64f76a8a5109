import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client';
import { CopyMismatchError, copyToPostgres, type TableCheck } from '../db/copy-to-postgres';
import { lockDataDir } from '../db/data-dir-lock';
import { loadEnv } from '../env';

const USAGE = 'Usage: npm run db:copy -- --to postgres://user@host:5432/database   (an empty database; stop the server first)';

function table(checks: TableCheck[]): string {
  const width = Math.max(...checks.map((c) => c.table.length), 5);
  const lines = checks.map((c) => {
    const ok = c.sourceRows === c.targetRows && c.sourceChecksum === c.targetChecksum;
    return `  ${c.table.padEnd(width)}  ${String(c.sourceRows).padStart(8)}  ${String(c.targetRows).padStart(8)}  ${ok ? 'same' : 'DIFFERENT'}  ${c.targetChecksum}`;
  });
  return [`  ${'table'.padEnd(width)}  ${'embedded'.padStart(8)}  ${'postgres'.padStart(8)}  checksum`, ...lines].join('\n');
}

/**
 * `npm run db:copy -- --to postgres://…`: step 2 of the move to Postgres (README). Copies the
 * embedded database in DATA_DIR, which it locks, so no server may run on it meanwhile.
 */
async function main() {
  const { values, positionals } = parseArgs({ options: { to: { type: 'string' } }, allowPositionals: true });
  if (!values.to || positionals.length > 0 || !/^postgres(ql)?:\/\//.test(values.to)) throw new Error(USAGE);
  const env = loadEnv();
  const dataDir = resolve(env.DATA_DIR);
  const lock = lockDataDir(dataDir);
  const source = await openDatabase({ kind: 'pglite', dataDir, lock });
  try {
    process.stdout.write(`Copying the embedded database in ${dataDir} to Postgres ...\n`);
    const checks = await copyToPostgres(source, values.to, (line) => process.stdout.write(`${line}\n`));
    process.stdout.write(`${table(checks)}\n`);
    process.stdout.write(
      'Every table matches: same row counts and checksums. Next: start the server with DATABASE_URL set to that database.\n',
    );
  } catch (error) {
    if (error instanceof CopyMismatchError) process.stderr.write(`${table(error.checks)}\n`);
    throw error;
  } finally {
    await source.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Copy failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
