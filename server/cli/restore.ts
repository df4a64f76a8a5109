import { open } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { extractPgliteBackup } from '../db/backup/pglite-restore';
import { restorePostgres } from '../db/backup/postgres-backup';
import { openDatabase, type Database } from '../db/client';
import { databaseEntries } from '../db/data-dir-layout';
import { lockDataDir } from '../db/data-dir-lock';
import { restoreEntryFiles } from '../db/backup/entry-file-copies';
import { directoryStorage } from '../entries/entry-storage';
import { entriesMissingFiles } from '../entries/missing-entry-files';
import { loadEnv, storedEntryFilesDirOf, type Env } from '../env';
import { plural } from '@domain/plural';

const USAGE = 'Usage: npm run restore -- FILE [--force]';

async function formatOf(file: string): Promise<'pglite' | 'postgres' | 'unknown'> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(5), 0, 5, 0);
    if (bytesRead >= 2 && buffer[0] === 0x1f && buffer[1] === 0x8b) return 'pglite';
    if (bytesRead === 5 && buffer.toString('ascii') === 'PGDMP') return 'postgres';
    return 'unknown';
  } finally {
    await handle.close();
  }
}

async function rowCounts(database: Database): Promise<string> {
  const counts = await database.rows<{ registrations: number; accounts: number; judges: number }>(sql`
    select (select count(*) from registrations)::int as registrations, (select count(*) from accounts)::int as accounts,
           (select count(*) from judge_applications)::int as judges`);
  const c = counts[0];
  return c ? [
        plural(c.registrations, { one: '# registration', other: '# registrations' }),
        plural(c.judges, { one: '# judge application', other: '# judge applications' }),
        plural(c.accounts, { one: '# account', other: '# accounts' }),
      ].join(', ') : 'no rows';
}

/**
 * Brings back the entries' files the backup kept beside it (streamed; files already in
 * ENTRIES_DIR stay), then names every ready entry whose file is still missing.
 */
async function restoreFiles(database: Database, env: Env, file: string): Promise<string> {
  const entryFilesDir = storedEntryFilesDirOf(env);
  const restored = await restoreEntryFiles(file, entryFilesDir);
  const lines = [
    restored.listed
      ? `Entry files: ${plural(restored.files, { one: '# file', other: '# files' })} in the backup, ${restored.copied} copied into ${entryFilesDir}` +
        (restored.absent > 0 ? `, ${restored.absent} missing from the backup's entry-files folder.` : '.')
      : `Entry files: this backup has no list of entry files beside it (entry-files/ in its folder); none were copied.`,
  ];
  const missing = await entriesMissingFiles(database.db, directoryStorage(entryFilesDir));
  if (missing.length > 0) {
    lines.push(
      `${plural(missing.length, { one: '# entry has', other: '# entries have' })} a missing file (the admins' Entries page lists them too):`,
      ...missing.map((entry) => `  ${entry.referenceCode} ${entry.category} ${entry.levelId} entry ${entry.id}`),
    );
  }
  return lines.join('\n');
}

/**
 * `npm run restore -- FILE [--force]`: into an empty DATA_DIR (PGlite backup) or an empty
 * DATABASE_URL database (pg_dump backup). Never while a server holds DATA_DIR.
 */
async function main() {
  const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
  const [raw, ...extra] = positionals;
  if (!raw || extra.length > 0) throw new Error(USAGE);
  const file = resolve(raw);
  const env = loadEnv();
  const format = await formatOf(file);
  if (format === 'unknown') throw new Error(`${file} is neither a PGlite backup nor a pg_dump file made by npm run backup.`);

  if (env.DATABASE_URL) {
    if (format !== 'postgres') {
      throw new Error(
        `${file} is a PGlite backup. Restore it into a DATA_DIR (unset DATABASE_URL), then move it to Postgres with npm run db:copy.`,
      );
    }
    await restorePostgres(env.DATABASE_URL, file, { force: values.force });
    const database = await openDatabase({ kind: 'postgres', url: env.DATABASE_URL, maxConnections: 1 });
    try {
      process.stdout.write(`Restored ${file} into Postgres: ${await rowCounts(database)}.\n${await restoreFiles(database, env, file)}\n`);
    } finally {
      await database.close();
    }
    return;
  }

  if (format !== 'pglite') {
    throw new Error(`${file} is a Postgres (pg_dump) backup. Set DATABASE_URL to an empty Postgres database to restore it.`);
  }
  const dataDir = resolve(env.DATA_DIR);
  // Throws at once, naming the holder, if a server (or anything else) has the directory.
  const lock = lockDataDir(dataDir);
  try {
    const existing = databaseEntries(dataDir);
    if (existing.length > 0) {
      if (!values.force) {
        throw new Error(
          `${dataDir} already holds a database. Restore into an empty DATA_DIR, or add --force to replace it ` +
            '(the database in it is deleted; its backups/ folder is kept).',
        );
      }
      for (const name of existing) rmSync(join(dataDir, name), { recursive: true, force: true });
      process.stdout.write(`--force: removed the database that was in ${dataDir}.\n`);
    }
    let manifest;
    try {
      ({ manifest } = await extractPgliteBackup(file, dataDir));
    } catch (error) {
      // Leave the directory as empty as it was, not half restored.
      for (const name of databaseEntries(dataDir)) rmSync(join(dataDir, name), { recursive: true, force: true });
      throw error;
    }
    // Opening replays the backup's WAL to its end and applies any newer migrations.
    const database = await openDatabase({ kind: 'pglite', dataDir, lock });
    try {
      process.stdout.write(`Restored the backup of ${manifest.createdAt} into ${dataDir}: ${await rowCounts(database)}.\n${await restoreFiles(database, env, file)}\n`);
    } finally {
      await database.close();
    }
  } finally {
    lock.release();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Restore failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
