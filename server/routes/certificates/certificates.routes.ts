import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { certificateIdSchema, type CertificateStatement } from '@domain/certificates';
import type { AppEnv } from '../../context';
import { ApiError, validate } from '../../lib/errors';
import { limitPublicWrite } from '../../lib/rate-limits';
import { readAudit, readsPersonalData } from '../../lib/read-audit';
import { certificateById, type CertificateRow } from '../../db/stores/certificate-store';
import { canonicalJson, verifiedStatement } from '../../certificates/signing';

/** A copy sent to be checked: a certificate is about 100 KB, so 5 MB is plenty and a flood is cut short. */
export const CHECK_LIMIT_BYTES = 5 * 1024 * 1024;

const NOT_OURS =
  'We have no certificate with this id. Check that the whole address from the QR code was opened; a certificate whose id we do not know is not one of ours.';

/**
 * Anyone with a certificate's QR code (issue 25): what it says (no contact details), whether our
 * key signed exactly that, whether it was revoked and by what it was replaced; and whether a PDF
 * someone holds is, byte for byte, the one we issued.
 */
async function verification(c: Context<AppEnv>, row: CertificateRow) {
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

async function certificateOr404(c: Context<AppEnv>) {
  const { id } = validate(certificateIdSchema, { id: c.req.param('id') });
  await limitPublicWrite(c, [{ bucket: 'verifications', cost: 1 }]);
  const row = await certificateById(c.var.deps.database.db, id);
  if (!row) throw new ApiError(404, 'not_found', NOT_OURS);
  readAudit(c).entityId = row.registrationId;
  return row;
}

export const verifyRoutes = new Hono<AppEnv>()
  .get('/:id', readsPersonalData('read.certificate.verify', 'registration'), async (c) => {
    const row = await certificateOr404(c);
    return c.json(await verification(c, row), 200);
  })
  .post('/:id/check', readsPersonalData('read.certificate.verify', 'registration'), async (c) => {
    const row = await certificateOr404(c);
    const body = c.req.raw.body;
    if (!body) throw new ApiError(400, 'bad_request', 'Choose the certificate’s PDF file to check.');
    const hash = createHash('sha256');
    let bytes = 0;
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      if (bytes > CHECK_LIMIT_BYTES) throw new ApiError(413, 'payload_too_large', 'That file is far larger than any certificate of ours (over 5 MB).');
      hash.update(chunk);
    }
    if (bytes === 0) throw new ApiError(400, 'bad_request', 'That file is empty. Choose the certificate’s PDF file to check.');
    const sha256 = hash.digest('hex');
    readAudit(c).details.checkedBytes = bytes;
    const result = await verification(c, row);
    return c.json({ ...result, matches: row.pdfSha256 !== null && sha256 === row.pdfSha256 }, 200);
  });
