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
  LOG_REQUESTS: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  /** The site's public origin, for links in emails. Unset: http://localhost:PORT (see publicUrl). */
  PUBLIC_URL: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(z.url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http(s) URL.' }).optional()),
  /** smtp(s)://user:pass@host:port. Unset: emails are written as .eml files to DATA_DIR/mail. */
  SMTP_URL: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must look like smtp://user:pass@host:587.' }).optional()),
  MAIL_FROM: z.string().min(3).default('Kids Talent Competition <no-reply@example.org>'),
});

export type Env = z.output<typeof envSchema>;

/** The origin links in emails point to, without a trailing slash. */
export function publicUrl(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  return parsed.data;
}
