import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { CertificateStatement } from '@domain/certificates';
import type { AppEnv } from '../../context';
import { limitPublicWrite } from '../../lib/rate-limits';
import { readAudit } from '../../lib/read-audit';
import { certificateById, type CertificateRow } from '../../db/stores/certificate-store';
import { canonicalJson, verifiedStatement } from '../../certificates/signing';

/**
 * Checking a certificate (issue 25), the one way both its answers use: the API for the app
 * (`GET /api/verify/:id`, `POST .../check`) and the page the server writes (`/verify/<id>`,
 * issue 49). Both need a route marked `readsPersonalData('read.certificate.verify', …)`.
 */

/** A copy sent to be checked: a certificate is about 100 KB, so 5 MB is plenty and a flood is cut short. */
export const CHECK_LIMIT_BYTES = 5 * 1024 * 1024;

export type Verification = Awaited<ReturnType<typeof verificationOf>>;

/**
 * The certificate behind an id (already normalised by `certificateIdSchema`): spends one of the
 * address's certificate checks (429 past them) and names the registration in the read audit.
 * Null when we never issued it.
 */
export async function lookUpCertificate(c: Context<AppEnv>, id: string): Promise<CertificateRow | null> {
  await limitPublicWrite(c, [{ bucket: 'verifications', cost: 1 }]);
  const row = await certificateById(c.var.deps.database.db, id);
  if (row) readAudit(c).entityId = row.registrationId;
  return row;
}

/** What it says (no contact details), whether our key signed exactly that, whether it was revoked and by what it was replaced. */
export async function verificationOf(c: Context<AppEnv>, row: CertificateRow) {
  const signed = await verifiedStatement(c.var.deps.database.db, row.jws);
  const intact = signed !== null && canonicalJson(signed) === canonicalJson(row.statement);
  const statement = row.statement as CertificateStatement;
  return {
    id: row.id,
    status: !intact ? ('invalid' as const) : row.revokedAt ? ('revoked' as const) : ('valid' as const),
    statement,
    issuedAt: new Date(row.issuedAt).toISOString(),
    revokedAt: row.revokedAt ? new Date(row.revokedAt).toISOString() : null,
    revokedReason: row.revokedReason,
    replacedBy: row.replacedBy,
    jws: row.jws,
  };
}

/** A file sent to be checked, read as it arrives and never held: its SHA-256, or too large / empty. */
export type CheckedFile = { kind: 'file'; sha256: string; bytes: number } | { kind: 'too-large'; bytes: number } | { kind: 'empty' };

/**
 * Hashes a file as it streams. Past CHECK_LIMIT_BYTES it stops hashing but reads the rest and
 * drops it, so whatever parses the stream around it can finish (the request's own size is
 * bounded before this is reached).
 */
export async function checkedFile(chunks: AsyncIterable<Uint8Array>): Promise<CheckedFile> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of chunks) {
    bytes += chunk.byteLength;
    if (bytes <= CHECK_LIMIT_BYTES) hash.update(chunk);
  }
  if (bytes > CHECK_LIMIT_BYTES) return { kind: 'too-large', bytes };
  if (bytes === 0) return { kind: 'empty' };
  return { kind: 'file', sha256: hash.digest('hex'), bytes };
}

/** Whether the file is, byte for byte, the PDF we issued for this certificate. */
export function fileMatches(row: CertificateRow, file: { sha256: string }): boolean {
  return row.pdfSha256 !== null && file.sha256 === row.pdfSha256;
}
