import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { backupFileName, createBackups } from '../db/backup/backups';
import { entryFileCopiesDir, type EntryFileCopies } from '../db/backup/entry-file-copies';
import type { BackupResult } from '../db/backup/pglite-backup';
import { plural } from '@domain/plural';
import { loadEnv } from '../env';
import { sendControlRequest } from '../lib/control-channel';
import { resultOf, withDatabaseOrServer } from './database-or-server';

const USAGE = 'Usage: npm run backup -- [--out FILE]   (default: ./ktc-backup-<time>.tar.gz, or .dump on Postgres)';

/**
 * `npm run backup -- --out FILE`: a consistent backup, written 0600. On PGlite, while a server
 * runs, the server writes it (and keeps serving); otherwise this process opens the database.
 * On Postgres it runs pg_dump.
 */
async function main() {
  const { values, positionals } = parseArgs({ options: { out: { type: 'string' } }, allowPositionals: true });
  if (positionals.length > 0) throw new Error(USAGE);
  const env = loadEnv();
  const out = resolve(values.out ?? backupFileName(new Date(), env.DATABASE_URL ? '.dump' : '.tar.gz'));
  const describe = (result: Pick<BackupResult, 'file' | 'bytes' | 'totalMs'> & { entryFiles: EntryFileCopies }, how: string) =>
    `Backup written${how}: ${result.file} (${(result.bytes / 1048576).toFixed(1)} MiB, ${(result.totalMs / 1000).toFixed(1)} s).\n` +
    `Entry files: ${plural(result.entryFiles.files, { one: '# file', other: '# files' })} kept in ${entryFileCopiesDir(result.file)}, ` +
    `${result.entryFiles.copied} of them new in this backup (${(result.entryFiles.copiedBytes / 1048576).toFixed(1)} MiB); keep that folder with the backup.\n` +
    'It holds children\'s personal data: it is readable by you only (mode 0600); keep it somewhere as safe.';
  const message = await withDatabaseOrServer(env, {
    async local(database) {
      return describe(await createBackups(database, env).write(out), '');
    },
    async viaServer(socket, pid) {
      const result = resultOf(await sendControlRequest(socket, { command: 'backup', out }));
      return describe(result as Parameters<typeof describe>[0], ` by the running server (pid ${pid})`);
    },
  });
  process.stdout.write(`${message}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
