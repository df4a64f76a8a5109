import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { verifyPath, type CertificateStatement } from '@domain/certificates';
import type { Deps } from '../context';
import { entriesDirOf, publicUrl } from '../env';
import { certificatesWithFiles, claimToRender, markRendered, markRenderFailed, type CertificateRow } from '../db/stores/certificate-store';
import { directoryStorage, type EntryStorage } from '../entries/entry-storage';
import { describeError } from '../lib/logger';
import { asBulkWork, workInSlices } from '../lib/people-first';
import { offTheLoop } from '../lib/cpu-pool';

/**
 * The certificate job (issue 25): makes each issued certificate's PDF once, in the background
 * like the mail worker, keeps it beside the entry files (CERTIFICATES under ENTRIES_DIR, shared
 * by instances) and records its SHA-256, so a copy can be checked byte for byte later.
 */

const opened = new WeakMap<Deps, EntryStorage>();

/** Where certificate PDFs live: ENTRIES_DIR/certificates/<registration>/<id>.pdf. */
export function certificateStorageOf(deps: Deps): EntryStorage {
  let storage = opened.get(deps);
  if (!storage) {
    storage = directoryStorage(join(entriesDirOf(deps.env), 'certificates'));
    opened.set(deps, storage);
  }
  return storage;
}

export const certificateKey = (registrationId: string, id: string) => `${registrationId}/${id}.pdf`;

/** The address a certificate's QR code opens, in its language. */
export const verifyUrlOf = (deps: Deps, statement: Pick<CertificateStatement, 'id' | 'language'>) => `${publicUrl(deps.env)}${verifyPath(statement.id, statement.language)}`;

/** Makes one certificate's PDF and stores it; the caller records it (markRendered). */
async function renderOne(deps: Deps, registrationId: string, statement: CertificateStatement): Promise<{ id: string; sha256: string; bytes: number }> {
  const pdf = await offTheLoop('certificatePdf', { ...statement, verifyUrl: verifyUrlOf(deps, statement) });
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  await certificateStorageOf(deps).put(certificateKey(registrationId, statement.id), Readable.from([pdf]));
  return { id: statement.id, sha256, bytes: pdf.length };
}

/** Files being written while the next certificate is drawn (drawing is the worker thread's; writing, the disk's). */
const STORING_AT_ONCE = 4;

/**
 * Renders what is due, a batch at a time, giving way to requests between certificates, and records
 * each batch in one statement. Returns how many were made. `keepGoing` stops it between
 * certificates (shutdown); what was claimed but not made is made again once its lease ends.
 */
export async function renderDueCertificates(deps: Deps, options: { batch?: number; keepGoing?: () => boolean } = {}): Promise<number> {
  const batch = options.batch ?? 50;
  const keepGoing = options.keepGoing ?? (() => true);
  let made = 0;
  // Short slices, and a wait while people's requests are answered (server/lib/people-first.ts).
  const slices = workInSlices();
  while (keepGoing()) {
    const claimed = await claimToRender(deps.database.db, deps.now(), batch, 5 * 60_000);
    if (claimed.length === 0) break;
    const done: { id: string; sha256: string; bytes: number }[] = [];
    const failed = async (id: string, error: unknown) => {
      deps.log.error('a certificate could not be made', { certificate: id, ...describeError(error) });
      await markRenderFailed(deps.database.db, id, error instanceof Error ? error.message : String(error), new Date(deps.now().getTime() + 10 * 60_000));
    };
    const storing: Promise<void>[] = [];
    for (const row of claimed) {
      if (!keepGoing()) break;
      try {
        const pdf = await offTheLoop('certificatePdf', { ...row.statement, verifyUrl: verifyUrlOf(deps, row.statement as CertificateStatement) });
        const sha256 = createHash('sha256').update(pdf).digest('hex');
        storing.push(
          certificateStorageOf(deps)
            .put(certificateKey(row.registration_id, row.id), Readable.from([pdf]))
            .then(
              () => void done.push({ id: row.id, sha256, bytes: pdf.length }),
              (error: unknown) => failed(row.id, error),
            ),
        );
        if (storing.length >= STORING_AT_ONCE) await storing.shift();
      } catch (error) {
        await failed(row.id, error);
      }
      await slices.between();
    }
    await Promise.all(storing);
    await markRendered(deps.database.db, done);
    made += done.length;
  }
  return made;
}

/** A live certificate's PDF, made now if the job has not reached it yet. */
export async function certificateFile(deps: Deps, row: CertificateRow): Promise<{ key: string; bytes: number }> {
  const key = certificateKey(row.registrationId, row.id);
  if (row.pdfSha256 && row.pdfBytes !== null) {
    const size = await certificateStorageOf(deps).size(key);
    if (size === row.pdfBytes) return { key, bytes: size };
  }
  const made = await renderOne(deps, row.registrationId, row.statement as CertificateStatement);
  await markRendered(deps.database.db, [made]);
  return { key, bytes: made.bytes };
}

/** Deletes the PDFs of registrations that have no certificate any more (erased, or their season's data gone). */
export async function sweepCertificateFiles(deps: Deps): Promise<number> {
  const storage = certificateStorageOf(deps);
  const stored = await storage.topLevel();
  const kept = await certificatesWithFiles(deps.database.db, stored);
  const orphans = stored.filter((id) => !kept.has(id));
  for (const id of orphans) await storage.delete(`${id}/`);
  return orphans.length;
}

const wakers = new WeakMap<Deps, () => void>();

/** Starts the job now instead of at its next look (certificates were just issued); nothing if no job runs here. */
export function wakeCertificateJob(deps: Deps): void {
  wakers.get(deps)?.();
}

/** Runs the job every `pollMs`, and at once when woken (an admin issued certificates). */
export function startCertificateWorker(deps: Deps, pollMs = 5_000) {
  let stopped = false;
  let busy = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  wakers.set(deps, () => {
    if (stopped || busy || !timer) return;
    clearTimeout(timer);
    tick();
  });
  const tick = () => {
    timer = null;
    busy = true;
    running = asBulkWork(() => renderDueCertificates(deps, { keepGoing: () => !stopped }))
      .then((made) => {
        if (made > 0) deps.log.info('certificates made', { made });
      })
      .catch((error: unknown) => deps.log.error('the certificate job failed', describeError(error)))
      .finally(() => {
        busy = false;
        if (!stopped) timer = setTimeout(tick, pollMs);
      });
  };
  timer = setTimeout(tick, pollMs);
  return {
    async stop() {
      stopped = true;
      wakers.delete(deps);
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

export type { CertificateRow };
