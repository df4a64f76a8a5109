import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { SEASON } from '@domain/season';
import { WorkQueue } from './work-queue';

export const MIN_PASSWORD_LENGTH = 12;
const MAX_PASSWORD_LENGTH = 1024;
/** zxcvbn's 0-4 scale: 3 is "safely unguessable: moderate protection from offline slow-hash attacks". */
export const MIN_PASSWORD_SCORE = 3;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

/** The 1,000 most common passwords, from zxcvbn's frequency-ranked list. */
const COMMON_PASSWORDS = new Set(dictionary['passwords-common'].slice(0, 1000).map((p) => p.toLowerCase()));

// Built on first use: building its ranked dictionaries takes ~0.3 s, which start-up need not pay.
let strength: ZxcvbnFactory | null = null;
/** Words a guesser would try first against this site's admins: its name, city and season. */
const SITE_WORDS = ['kids', 'talent', 'competition', 'crazy', 'contest', 'chennai', 'tamil', 'nadu', 'india', 'admin', 'staff', 'ktc', ...new Set([String(SEASON.year), String(SEASON.year - 1), String(SEASON.year + 1)])];
/** Letters a password must have beyond the site's words and the username. */
const MIN_OWN_LETTERS = 6;

/**
 * Why a new admin password is unacceptable, or null when it is fine. `userInputs` (the username)
 * count as known words. Used wherever a password is set: the CLI, ADMIN_PASSWORD and upsertAdmin.
 */
export function passwordProblem(password: string, userInputs: readonly string[] = []): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Use at most ${MAX_PASSWORD_LENGTH} characters.`;
  // None of the 1,000 is 12+ characters long, so also catch one padded with digits or symbols
  // ("password2024!", "qwertyuiop12"); zxcvbn alone rates "!!dragon123456" a 3.
  const lower = password.toLowerCase();
  const core = lower.replace(/^[^a-z]+|[^a-z]+$/g, '');
  if (COMMON_PASSWORDS.has(lower) || COMMON_PASSWORDS.has(core)) {
    return 'That password is one of the most common ones, or one with a few characters added. Choose another.';
  }
  // zxcvbn rates "KidsTalent2027!" a 3: made of the site's own name and year, it is the first guess.
  const own = [...SITE_WORDS, ...userInputs.map((word) => word.toLowerCase())]
    .reduce((text, word) => (word ? text.replaceAll(word, ' ') : text), lower)
    .replace(/[^\p{L}]/gu, '');
  if (own.length < MIN_OWN_LETTERS) {
    return "That password is made of this site's own name, city or year. Add words of your own, or use a longer phrase.";
  }
  // zxcvbn's cost grows with length; the first 100 characters decide the score of any real passphrase.
  strength ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  const { score } = strength.check(password.slice(0, 100), [...SITE_WORDS, ...userInputs]);
  if (score < MIN_PASSWORD_SCORE) {
    return 'That password is too easy to guess (repeats, keyboard runs, dates or common words with swapped letters). Use a few unrelated words, or a longer phrase.';
  }
  return null;
}

type ScryptParams = { logN: number; r: number; p: number };

/**
 * Every scrypt of the process goes through here: one at a time (each takes ~128 MiB and ~0.5 s
 * of a libuv thread at N = 2^17), a few more waiting, and QueueFull beyond that. A login flood
 * then costs at most one core and ~130 MiB, and the thread pool stays free for everything else.
 */
export const passwordWork = new WorkQueue({ concurrent: 1, queued: 4 });

function deriveKey(password: string, salt: Buffer, { logN, r, p }: ScryptParams, length: number): Promise<Buffer> {
  const N = 2 ** logN;
  // scrypt needs about 128 * N * r bytes; the default maxmem (32 MiB) is too small for N = 2^17.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return passwordWork.run(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
      }),
  );
}

/** A self-describing hash: `scrypt$ln=17,r=8,p=1$<salt base64>$<key base64>`. */
export async function hashPassword(password: string, logN: number): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const params = { logN, r: 8, p: 1 };
  const key = await deriveKey(password, salt, params, KEY_LENGTH);
  return `scrypt$ln=${logN},r=8,p=1$${salt.toString('base64')}$${key.toString('base64')}`;
}

function parseHash(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const match = /^scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(stored);
  if (!match) return null;
  const [, logN, r, p, salt, key] = match;
  return {
    params: { logN: Number(logN), r: Number(r), p: Number(p) },
    salt: Buffer.from(salt ?? '', 'base64'),
    key: Buffer.from(key ?? '', 'base64'),
  };
}

/** Constant-time check of a password against a stored hash (a malformed hash never matches). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed || parsed.key.length === 0) return false;
  const key = await deriveKey(password, parsed.salt, parsed.params, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

/** True when a hash was made with other parameters than the current ones (rehash on next login). */
export function hashNeedsUpgrade(stored: string, logN: number): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.params.logN !== logN || parsed.params.r !== 8 || parsed.params.p !== 1;
}

const dummyHashes = new Map<number, Promise<string>>();

/**
 * Spends one hash at the current cost for a username that does not exist, so a login's timing
 * does not tell whether the account exists.
 */
export async function burnPasswordCheck(password: string, logN: number): Promise<void> {
  let dummy = dummyHashes.get(logN);
  if (!dummy) {
    dummy = hashPassword(randomBytes(16).toString('hex'), logN);
    dummyHashes.set(logN, dummy);
    // A refused attempt (QueueFull) must not be remembered as the dummy.
    dummy.catch(() => dummyHashes.delete(logN));
  }
  await verifyPassword(password, await dummy);
}
