import { z } from 'zod';

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
  /** log2 of scrypt's N. 17 in production (DECISIONS.md); tests may lower it to stay fast. */
  SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
  /** Trust X-Forwarded-For for the client IP (only behind a proxy you control). */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
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
});

export type Env = z.output<typeof envSchema>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  return parsed.data;
}
