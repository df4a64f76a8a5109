import type { RegistrationInput } from '@domain/registration';
import { makeRegistration, postJson } from './registrations';

export type Attempt = {
  record: RegistrationInput;
  /** HTTP status, or null when the request never got an answer (connection refused or cut). */
  status: number | null;
  /** error.code of a JSON error body, when there was one. */
  errorCode?: string;
  /** The body was JSON (every API answer must be). */
  json: boolean;
  startedAt: number;
  finishedAt: number;
};

export type Load = {
  attempts: Attempt[];
  /** Stops issuing new requests and waits for those in flight. */
  stop(): Promise<Attempt[]>;
};

/**
 * Sends POST /api/registrations with fresh known ids, `concurrency` at a time, as fast as the
 * server answers, until stopped. Every attempt is recorded whatever happened to it.
 */
export function driveCreates(baseUrl: string, options: { concurrency: number; pauseMs?: number }): Load {
  const attempts: Attempt[] = [];
  let running = true;
  let n = 0;
  const worker = async () => {
    while (running) {
      const record = makeRegistration(n++);
      const attempt: Attempt = { record, status: null, json: false, startedAt: Date.now(), finishedAt: 0 };
      attempts.push(attempt);
      try {
        const response = await postJson(baseUrl, '/api/registrations', record, AbortSignal.timeout(10_000));
        attempt.status = response.status;
        const text = await response.text();
        try {
          const body = JSON.parse(text) as { error?: { code?: string } };
          attempt.json = true;
          if (body.error?.code) attempt.errorCode = body.error.code;
        } catch {
          attempt.json = false;
        }
        attempt.finishedAt = Date.now();
      } catch {
        attempt.status = null;
        attempt.finishedAt = Date.now();
        // A refused connection fails instantly; don't spin.
        await new Promise((r) => setTimeout(r, 20));
      }
      if (options.pauseMs) await new Promise((r) => setTimeout(r, options.pauseMs));
    }
  };
  const workers = Array.from({ length: options.concurrency }, () => worker());
  return {
    attempts,
    async stop() {
      running = false;
      await Promise.all(workers);
      return attempts;
    },
  };
}

export function isSuccess(status: number | null): boolean {
  return status !== null && status >= 200 && status < 300;
}

export function waitFor(predicate: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const check = () => {
      if (predicate()) return resolve();
      if (Date.now() > deadline) return reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`));
      setTimeout(check, 10);
    };
    check();
  });
}
