import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

export type UploadLockerOptions = {
  /** A holder that stops renewing (its instance died) loses the lock after this long. */
  leaseMs: number;
  /** How often a holder renews its lease and looks whether another request asked it to let go. */
  renewMs: number;
  /** How long a request waits for the lock before answering "locked, try again". */
  acquireTimeoutMs: number;
};

const DEFAULTS: UploadLockerOptions = { leaseMs: 15_000, renewMs: 500, acquireTimeoutMs: 20_000 };

/**
 * The tus upload lock, shared by every instance through the database (ADR 026): one row per
 * upload being written. A request that finds the lock held asks the holder to let go (a client
 * that reconnected after a dropped connection is the usual case): in this process at once, in
 * another at its next renewal. A holder whose instance died loses the lock when its lease runs out.
 */
export function databaseUploadLocker(database: Database, overrides: Partial<UploadLockerOptions> = {}): Locker {
  const options = { ...DEFAULTS, ...overrides };
  const leaseSeconds = options.leaseMs / 1000;
  /** Requests of this process holding a lock: asked to let go without a database round trip. */
  const heldHere = new Map<string, { holder: string; release: RequestRelease }>();

  async function tryAcquire(uploadId: string, holder: string): Promise<boolean> {
    const rows = await database.rows(sql`
      insert into upload_locks (upload_id, holder, expires_at)
      values (${uploadId}, ${holder}, now() + make_interval(secs => ${leaseSeconds}))
      on conflict (upload_id) do update
        set holder = excluded.holder, expires_at = excluded.expires_at, release_requested = false
        where upload_locks.expires_at < now()
      returning holder`);
    return rows.length > 0;
  }

  return {
    newLock(uploadId: string): Lock {
      const holder = randomUUID();
      let renewal: NodeJS.Timeout | null = null;
      let acquired = false;

      return {
        async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
          const deadline = Date.now() + options.acquireTimeoutMs;
          let asked = false;
          while (!(await tryAcquire(uploadId, holder))) {
            if (stopSignal.aborted || Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
            if (!asked) {
              asked = true;
              const local = heldHere.get(uploadId);
              if (local) await local.release();
              else await database.rows(sql`update upload_locks set release_requested = true where upload_id = ${uploadId}`);
            }
            await sleep(50, undefined, { signal: stopSignal }).catch(() => undefined);
          }
          acquired = true;
          heldHere.set(uploadId, { holder, release: requestRelease });
          let releasing = false;
          renewal = setInterval(() => {
            void database
              .rows<{ release_requested: boolean }>(sql`
                update upload_locks set expires_at = now() + make_interval(secs => ${leaseSeconds})
                where upload_id = ${uploadId} and holder = ${holder}
                returning release_requested`)
              .then(async ([row]) => {
                if (row?.release_requested && !releasing) {
                  releasing = true;
                  await requestRelease();
                }
              })
              .catch(() => undefined);
          }, options.renewMs);
          renewal.unref();
        },
        async unlock(): Promise<void> {
          if (renewal) clearInterval(renewal);
          renewal = null;
          if (!acquired) return;
          acquired = false;
          if (heldHere.get(uploadId)?.holder === holder) heldHere.delete(uploadId);
          await database.rows(sql`delete from upload_locks where upload_id = ${uploadId} and holder = ${holder}`);
        },
      };
    },
  };
}
