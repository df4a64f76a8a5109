import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { upiAddressSchema } from '@domain/fees';
import { DEFAULT_SAMPLE_RATE } from '@domain/vitals';
import { ENTRIES_SUBDIR } from './db/data-dir-layout';

/** The roles of accounts (server/lib/sessions.ts names them Role). */
type AccountRole = 'admin' | 'staff' | 'judge';

export type TrustProxy =
  | { kind: 'off' }
  | { kind: 'hops'; hops: number }
  | { kind: 'addresses'; entries: string[] };

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** The only place that reads process.env. Everything else receives a parsed Env. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined)),
  /** Where the built client lives. */
  DIST_DIR: z.string().default('./dist'),
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  /**
   * That admin's authenticator-app secret (base32), so a scripted set-up signs in with codes it
   * computes (ADR 033). Never logged.
   */
  ADMIN_TOTP_SECRET: z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? value.trim() : undefined)),
  /**
   * Which roles must have a second factor (ADR 033): `admin` (always included), `admin,staff`, or
   * `all` (admins, staff and judges). Others are offered one and asked for it once they have one.
   */
  REQUIRE_SECOND_FACTOR: z
    .string()
    .default('admin')
    .transform((value, context): AccountRole[] => {
      const text = value.trim().toLowerCase();
      if (text === '' || text === 'admin') return ['admin'];
      if (text === 'all') return ['admin', 'staff', 'judge'];
      const roles = text.split(',').map((role) => role.trim());
      const bad = roles.find((role) => role !== 'admin' && role !== 'staff' && role !== 'judge');
      if (bad !== undefined || !roles.includes('admin')) {
        context.addIssue({ code: 'custom', message: 'REQUIRE_SECOND_FACTOR is admin, admin,staff, admin,judge, admin,staff,judge or all.' });
        return z.NEVER;
      }
      return roles as AccountRole[];
    }),
  /** log2 of scrypt's N. 17 in production (docs/product.md, "Admin"); tests may lower it to stay fast. */
  SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
  /**
   * Which X-Forwarded-For entry is the client (README, docs/security.md). Never the leftmost,
   * which the client writes itself:
   * - unset, `false`, `0`: no proxy; the socket's address is the client.
   * - a number N (`true` = 1): exactly N proxies of yours stand in front, each appending to
   *   X-Forwarded-For; the client is the Nth entry from the right.
   * - a comma-separated list of proxy addresses or CIDR ranges (`10.0.0.0/8, 192.168.1.5`):
   *   the client is the rightmost entry that is not one of them, when the socket is one of them.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, context): TrustProxy => {
      const text = value.trim().toLowerCase();
      if (text === '' || text === 'false' || text === '0') return { kind: 'off' };
      if (text === 'true') return { kind: 'hops', hops: 1 };
      if (/^\d+$/.test(text)) {
        const hops = Number(text);
        if (hops <= 10) return { kind: 'hops', hops };
      }
      const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
      const bad = entries.find((entry) => !isAddressOrRange(entry));
      if (entries.length === 0 || bad !== undefined) {
        context.addIssue({
          code: 'custom',
          message: `TRUST_PROXY is false, a proxy count from 1 to 10, or proxy addresses/CIDR ranges; "${bad ?? value}" is none of these.`,
        });
        return z.NEVER;
      }
      return { kind: 'addresses', entries };
    }),
  /**
   * The site's public address, e.g. https://kids.example.org. When set, the CSRF check accepts
   * only this origin (scheme, host and port), and on https the session cookie is always Secure
   * with the __Host- prefix. Unset: any host name works (docs/product.md, "Admin").
   */
  PUBLIC_URL: z
    .string()
    .optional()
    .transform((value, context) => {
      if (!value?.trim()) return undefined;
      let url: URL | null = null;
      try {
        url = new URL(value.trim());
      } catch {
        url = null;
      }
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
        context.addIssue({ code: 'custom', message: 'PUBLIC_URL must be an http:// or https:// address, e.g. https://kids.example.org.' });
        return z.NEVER;
      }
      return url.toString().replace(/\/$/, '');
    }),
  /**
   * Multiplies every public write limit (server/lib/rate-limits.ts): raise it for a venue where
   * many phones share one address; 0 turns the limits off (benchmarks, or a proxy that limits).
   */
  PUBLIC_WRITE_LIMIT_FACTOR: z.coerce
    .number()
    .refine((n) => n === 0 || (n >= 1 && n <= 1_000_000), 'PUBLIC_WRITE_LIMIT_FACTOR is 0 (off) or a number from 1 up.')
    .default(1),
  /**
   * Automatic daily backups go here. Unset: DATA_DIR/backups on PGlite, none on Postgres.
   * `off` turns them off.
   */
  BACKUP_DIR: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined)),
  /** Hours between automatic backups (fractions allowed, for trying it out). */
  BACKUP_INTERVAL_HOURS: z.coerce.number().positive().max(24 * 365).default(24),
  /** How many automatic backups to keep; older ones are deleted after each new one. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
  LOG_REQUESTS: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  /** smtp(s)://user:pass@host:port. Unset: emails are written as .eml files to DATA_DIR/mail. */
  SMTP_URL: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must look like smtp://user:pass@host:587.' }).optional()),
  MAIL_FROM: z.string().min(3).default('Kids Talent Competition <no-reply@example.org>'),
  /**
   * The organiser's UPI address (name@bank) that families pay the online fee to. Unset: the pages
   * and emails say how to pay at the venue instead.
   */
  UPI_VPA: z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? value.trim() : undefined))
    .pipe(upiAddressSchema.optional()),
  /** The name a UPI app shows for that address (the account holder's name, as the bank has it). */
  UPI_PAYEE_NAME: z.string().trim().min(1).max(60).default('Kids Talent Competition'),
  /**
   * Families' entry files (issue 23, ADR 026): uploads in progress and the checked files. Unset:
   * DATA_DIR/entries. Several instances share one directory (a network file system).
   */
  ENTRIES_DIR: z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? value.trim() : undefined)),
  /**
   * The Ed25519 private key certificates are signed with (PKCS#8 PEM, issue 25, ADR 028). Unset:
   * one is made on first use and kept in the database, so it travels with the data and its backups.
   */
  CERTIFICATE_SIGNING_KEY: z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? value.trim().replaceAll('\\n', '\n') : undefined)),
  /**
   * Real visitors' page speed (ADR 030): `off` stops it (the client is told not to measure and the
   * server drops any report that still arrives); `on` by default.
   */
  VITALS: z.enum(['on', 'off']).default('on'),
  /** The share of page views that report their speed, 0 to 1 (1 in tests). */
  VITALS_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(DEFAULT_SAMPLE_RATE),
  /** ffmpeg and ffprobe for checking videos; unset: found on the PATH (README, "Entries"). */
  FFMPEG_PATH: z.string().optional(),
  FFPROBE_PATH: z.string().optional(),
  /**
   * Every this many seconds, one log line with how late the event loop ran (p50 to max, in ms;
   * server/lib/loop-delay.ts); 0, the default, logs none. The bench sets it to read the figure.
   */
  LOOP_DELAY_LOG_SECONDS: z.coerce.number().min(0).max(3600).default(0),
  /**
   * `on` lets a test move this server's clock over the control socket (`clock`, server/lib/clock.ts):
   * never in production. Off by default; the server warns at start when it is on.
   */
  TEST_CLOCK: z
    .enum(['on', 'off', ''])
    .default('off')
    .transform((value) => value === 'on'),
});

export type Env = z.output<typeof envSchema>;

/** The origin links in emails point to, without a trailing slash. */
export function publicUrl(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
}

/** Where entry files live (ENTRIES_DIR, or DATA_DIR/entries). */
export function entriesDirOf(env: Pick<Env, 'ENTRIES_DIR' | 'DATA_DIR'>): string {
  return resolve(env.ENTRIES_DIR ?? join(env.DATA_DIR, ENTRIES_SUBDIR));
}

/** The checked entry files (ENTRIES_DIR/files): what admins and judges are served, and backups keep. */
export function storedEntryFilesDirOf(env: Pick<Env, 'ENTRIES_DIR' | 'DATA_DIR'>): string {
  return join(entriesDirOf(env), 'files');
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  return parsed.data;
}
