import type { RegistrationInput } from '@domain/registration';
import type { Deps } from '../../server/context';
import { loadEnv } from '../../server/env';
import { createLogger, type Logger } from '../../server/lib/logger';
import { createMailTransport } from '../../server/mail/mail-transport';
import { createMailSender } from '../../server/mail/mail-worker';
import { signIn, withCookie } from '../../server/routes/auth/sign-in-for-tests';
import { openForSuite } from './per-suite';
import { childRegistration } from './registration-fixtures';
import { familyLinkIn, startSmtpTestServer, tokenOf, type ReceivedMail, type Refusal, type SmtpTestServer } from './smtp-test-server';
import { createTestApp, json, TEST_ENTRIES_DIR, type TestApp } from './test-app';
import type { DatabaseKind } from './test-database';

/** A day well inside the season's correction window (Level 1 starts 18 April 2027). */
export const IN_SEASON = new Date('2027-03-01T10:00:00+05:30');

export type FamilyHarness = {
  t: TestApp;
  smtp: SmtpTestServer;
  /** The app's clock; tests move it. */
  clock: { now: Date };
  /** Registers (online), lets the mail worker send, and returns the token from the family's email. */
  register(input?: RegistrationInput): Promise<{ input: RegistrationInput; token: string }>;
  /** Sends every due email now. */
  sendMail(): Promise<number>;
  /** The newest email about a reference code. */
  lastMailAbout(referenceCode: string): ReceivedMail;
  /** A request from the family's page, with the token as a bearer credential. */
  family(token: string, path: string, init?: RequestInit): Promise<Response>;
  /** A request from a signed-in admin (signed in on the first call). */
  admin(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
};

type HarnessOptions = { log?: Logger; env?: Record<string, string>; refuse?: (address: string) => Refusal | null };

/** A family harness for the enclosing describe: opened before its tests, closed after (see openForSuite). */
export function useFamilyHarness(kind: DatabaseKind, options: HarnessOptions = {}): FamilyHarness {
  return openForSuite(
    () => createFamilyHarness(kind, options),
    (h) => h.close(),
  );
}

export async function createFamilyHarness(kind: DatabaseKind, options: HarnessOptions = {}): Promise<FamilyHarness> {
  const smtp = await startSmtpTestServer({ refuse: options.refuse });
  const clock = { now: IN_SEASON };
  const env = loadEnv({
    NODE_ENV: 'test',
    SCRYPT_LOG_N: '10',
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://ktc.example.org',
    TRUST_PROXY: 'true',
    ENTRIES_DIR: TEST_ENTRIES_DIR,
    ...options.env,
  });
  const overrides: Partial<Deps> = { env, now: () => clock.now };
  if (options.log) overrides.log = options.log;
  const t = await createTestApp(kind, overrides);
  const sender = createMailSender(t.deps, createMailTransport(env, createLogger(() => {})), { retryBaseMs: 1, retryCapMs: 5 });

  const lastMailAbout = (referenceCode: string) => {
    const mail = smtp.received.filter((m) => m.parsed.subject?.includes(referenceCode)).at(-1);
    if (!mail) throw new Error(`No email about ${referenceCode}.`);
    return mail;
  };

  let adminCookie: Promise<string> | undefined;

  return {
    t,
    smtp,
    clock,
    sendMail: () => sender.sendDue(),
    lastMailAbout,
    async register(input = childRegistration()) {
      const response = await t.request('/api/registrations', json(input));
      if (response.status !== 201) throw new Error(`registration failed: ${response.status} ${await response.text()}`);
      await sender.sendDue();
      return { input, token: tokenOf(familyLinkIn(lastMailAbout(input.referenceCode))) };
    },
    family(token, path, init = {}) {
      const headers = new Headers(init.headers);
      headers.set('Authorization', `Bearer ${token}`);
      return t.request(`/api/family${path}`, { ...init, headers });
    },
    async admin(path, init = {}) {
      adminCookie ??= signIn(t);
      return t.request(path, withCookie(await adminCookie, init));
    },
    async close() {
      await t.close();
      await smtp.close();
    },
  };
}
