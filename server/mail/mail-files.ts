import { readdir, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Env } from '../env';
import { MAIL_SUBDIR } from '../db/data-dir-layout';

/**
 * Without SMTP_URL every email is an .eml file in DATA_DIR/mail (mail-transport.ts): live family
 * links and personal data. They are the delivery, so they stay a week for the organisers to pass
 * on, then go; the season's erasure removes them all; backups leave the folder out
 * (data-dir-layout.ts).
 */
export const MAIL_FILE_DAYS = 7;

/** The folder emails are written to, or null when they go out by SMTP. */
export function mailFolderOf(env: Pick<Env, 'SMTP_URL' | 'DATA_DIR'>): string | null {
  return env.SMTP_URL ? null : resolve(env.DATA_DIR, MAIL_SUBDIR);
}

/** Deletes the .eml files written before `before` (all of them with null); returns how many. */
export async function pruneMailFiles(folder: string, before: Date | null): Promise<number> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names.filter((n) => n.endsWith('.eml'))) {
    const path = join(folder, name);
    if (before && (await stat(path)).mtime >= before) continue;
    await rm(path, { force: true });
    removed++;
  }
  return removed;
}
