import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import postgres from 'postgres';
import { createPrivateFile } from './private-file';
import type { BackupResult } from './pglite-backup';

/**
 * Postgres backups are pg_dump's custom format, restored with pg_restore: a consistent snapshot
 * taken by Postgres itself, with no lock that blocks writers. The password never goes on a
 * command line (other users can read those); it travels in PGPASSWORD.
 */

export class MissingToolError extends Error {
  constructor(tool: string) {
    super(
      `\`${tool}\` is not installed, and Postgres backups need it. Install the Postgres client tools of the ` +
        `same major version as your server (Debian/Ubuntu: apt-get install postgresql-client), then try again.`,
    );
    this.name = 'MissingToolError';
  }
}

function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

type Run = { code: number | null; stderr: string };

function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv, stdout?: NodeJS.WritableStream): Promise<Run> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', stdout ? 'pipe' : 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < 20_000) stderr += chunk.toString();
    });
    const piped = stdout && child.stdout ? pipeline(child.stdout, stdout, { end: false }) : Promise.resolve();
    child.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? new MissingToolError(tool) : error));
    child.once('close', (code) => {
      piped.then(() => resolvePromise({ code, stderr: stderr.trim() }), reject);
    });
  });
}

export async function backupPostgres(url: string, outFile: string): Promise<BackupResult> {
  const started = performance.now();
  const target = resolve(outFile);
  const { dbname, env } = connection(url);
  const file = await createPrivateFile(target);
  try {
    const run = await runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--dbname=${dbname}`], env, file.stream);
    await new Promise<void>((done, fail) => file.stream.end((error?: Error | null) => (error ? fail(error) : done())));
    if (run.code !== 0) throw new Error(`pg_dump failed (exit ${run.code}): ${run.stderr || 'no message'}`);
    const bytes = await file.commit();
    return { file: target, bytes, blockedMs: 0, totalMs: performance.now() - started };
  } catch (error) {
    await file.abort();
    throw error;
  }
}

/** Tables and schemas a restore would collide with; empty means the database holds nothing of ours. */
export async function postgresContents(url: string): Promise<string[]> {
  const client = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    const rows = await client<{ name: string }[]>`
      select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'v', 'm', 'S') and n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'
      order by 1`;
    return rows.map((r) => r.name);
  } finally {
    await client.end({ timeout: 2 });
  }
}

/** Empties a database for `restore --force`: our schemas go, and `public` comes back empty. */
async function emptyDatabase(url: string): Promise<void> {
  const client = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    await client.begin(async (tx) => {
      await tx.unsafe('drop schema if exists drizzle cascade');
      await tx.unsafe('drop schema if exists public cascade');
      await tx.unsafe('create schema public');
    });
  } finally {
    await client.end({ timeout: 2 });
  }
}

export async function restorePostgres(url: string, file: string, options: { force: boolean }): Promise<void> {
  const contents = await postgresContents(url);
  if (contents.length > 0) {
    if (!options.force) {
      throw new Error(
        `The database is not empty (it holds ${contents.slice(0, 5).join(', ')}${contents.length > 5 ? ', …' : ''}). ` +
          'Restore into an empty database (createdb), or add --force to replace everything in it.',
      );
    }
    await emptyDatabase(url);
  }
  const { dbname, env } = connection(url);
  // pg_restore reads the file itself; check it is readable first for a clearer message.
  await new Promise<void>((done, fail) => createReadStream(file).once('open', () => done()).once('error', fail));
  const run = await runTool(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, file],
    env,
  );
  if (run.code !== 0) throw new Error(`pg_restore failed (exit ${run.code}): ${run.stderr || 'no message'}`);
}
