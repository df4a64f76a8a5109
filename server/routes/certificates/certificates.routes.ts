import { Hono, type Context } from 'hono';
import { certificateIdSchema } from '@domain/certificates';
import type { AppEnv } from '../../context';
import { ApiError, validate } from '../../lib/errors';
import { readAudit, readsPersonalData } from '../../lib/read-audit';
import { checkedFile, fileMatches, lookUpCertificate, verificationOf } from './verification';

const NOT_OURS =
  'We have no certificate with this id. Check that the whole address from the QR code was opened; a certificate whose id we do not know is not one of ours.';

async function certificateOr404(c: Context<AppEnv>) {
  const { id } = validate(certificateIdSchema, { id: c.req.param('id') });
  const row = await lookUpCertificate(c, id);
  if (!row) throw new ApiError(404, 'not_found', NOT_OURS);
  return row;
}

/**
 * Anyone with a certificate's QR code (issue 25), from a script: what it says (no contact
 * details), whether our key signed exactly that, whether it was revoked and by what it was
 * replaced; and whether a PDF someone holds (the request's body) is, byte for byte, the one we
 * issued. People open the page the server writes instead (verify-pages.routes.ts).
 */
export const verifyRoutes = new Hono<AppEnv>()
  .get('/:id', readsPersonalData('read.certificate.verify', 'registration'), async (c) => {
    const row = await certificateOr404(c);
    return c.json(await verificationOf(c, row), 200);
  })
  .post('/:id/check', readsPersonalData('read.certificate.verify', 'registration'), async (c) => {
    const row = await certificateOr404(c);
    const body = c.req.raw.body;
    if (!body) throw new ApiError(400, 'bad_request', 'Choose the certificate’s PDF file to check.');
    const file = await checkedFile(body as unknown as AsyncIterable<Uint8Array>);
    if (file.kind === 'too-large') throw new ApiError(413, 'payload_too_large', 'That file is far larger than any certificate of ours (over 5 MB).');
    if (file.kind === 'empty') throw new ApiError(400, 'bad_request', 'That file is empty. Choose the certificate’s PDF file to check.');
    readAudit(c).details.checkedBytes = file.bytes;
    const result = await verificationOf(c, row);
    return c.json({ ...result, matches: fileMatches(row, file) }, 200);
  });
