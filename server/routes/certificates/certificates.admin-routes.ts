import { PassThrough, Readable } from 'node:stream';
import { Hono } from 'hono';
import { z } from 'zod';
import { certificateIdSchema, issueSchema, printSchema, revokeSchema } from '@domain/certificates';
import { CATEGORY_SLUGS } from '@domain/categories';
import { venueSessionById } from '@domain/season';
import type { AppEnv } from '../../context';
import { audit } from '../../lib/audit';
import { ApiError, validate } from '../../lib/errors';
import { readAudit, readsPersonalData } from '../../lib/read-audit';
import { requireAdmin, requireFreshSecondFactor, signedInAdmin } from '../../lib/require-admin';
import { jsonBody } from '../../lib/validators';
import {
  CannotReissue,
  certificateById,
  issueCertificates,
  listCertificates,
  liveStatements,
  reissueCertificate,
  revokeCertificate,
} from '../../db/stores/certificate-store';
import { certificateFile, certificateStorageOf, verifyUrlOf, wakeCertificateJob } from '../../certificates/certificate-job';
import { writeCertificates } from '../../certificates/pdf-writer';
import { signerFor } from '../../certificates/signing';
import { fileResponse } from '../../entries/file-response';
import { asBulkWork } from '../../lib/people-first';

const listSchema = z.object({
  levelId: z.enum(['level1']).default('level1'),
  category: z.enum(CATEGORY_SLUGS, { error: 'Choose one of the contests.' }).optional(),
  sessionId: z.string().max(100).optional(),
  q: z.string().trim().max(100).optional(),
});

/**
 * Admins (issue 25): issue a level's certificates (the job makes the PDFs in the background),
 * find one, revoke it with a reason, re-issue it after a correction, and download a contest's or
 * a venue session's live certificates as one PDF for printing.
 */
export const certificateAdminRoutes = new Hono<AppEnv>()
  .get('/', requireAdmin, readsPersonalData('read.certificates.list', 'certificate'), async (c) => {
    const filter = validate(listSchema, c.req.query());
    const list = await listCertificates(c.var.deps.database.db, filter);
    Object.assign(readAudit(c).details, { ...filter, count: list.rows.length });
    return c.json(
      {
        ...list,
        rows: list.rows.map((row) => ({
          ...row,
          issuedAt: new Date(row.issuedAt).toISOString(),
          revokedAt: row.revokedAt ? new Date(row.revokedAt).toISOString() : null,
        })),
      },
      200,
    );
  })
  .post('/issue', requireAdmin, jsonBody(issueSchema), async (c) => {
    const { levelId } = c.req.valid('json');
    const { deps } = c.var;
    const admin = signedInAdmin(c);
    const signer = await signerFor(deps.database.db, deps.env.CERTIFICATE_SIGNING_KEY);
    const issued = await asBulkWork(() => issueCertificates(deps.database.db, signer, { levelId, issuedBy: admin.username, now: deps.now() }));
    await audit(c, { admin, action: 'certificates.issue', entityType: 'level', entityId: levelId, changes: { issued } });
    wakeCertificateJob(deps);
    return c.json({ issued }, 200);
  })
  .get('/print', requireAdmin, requireFreshSecondFactor, readsPersonalData('read.certificates.print', 'certificate'), async (c) => {
    const query = validate(printSchema, c.req.query());
    if (query.sessionId && !venueSessionById(query.sessionId)) throw new ApiError(404, 'not_found', 'There is no such venue session this season.');
    const { deps } = c.var;
    const finish = readAudit(c).defer();
    const filter = { levelId: query.levelId, category: query.category, sessionId: query.sessionId };
    const statements = (async function* () {
      for await (const statement of liveStatements(deps.database.db, filter)) yield { ...statement, verifyUrl: verifyUrlOf(deps, statement) };
    })();
    const body = new PassThrough();
    writeCertificates(body, statements)
      .then(async ({ pages }) => {
        body.end();
        await finish({ ...filter, pages });
      })
      .catch((error: unknown) => {
        deps.log.error('a bundle of certificates could not be made', { error: error instanceof Error ? error.message : String(error) });
        body.destroy(error instanceof Error ? error : new Error(String(error)));
      });
    const name = `certificates-${query.levelId}-${query.category ?? query.sessionId}.pdf`;
    return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, {
      status: 200,
      headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${name}"`, 'Cache-Control': 'no-store' },
    });
  })
  .get('/:id/pdf', requireAdmin, requireFreshSecondFactor, readsPersonalData('read.certificate.file', 'certificate'), async (c) => {
    const { id } = validate(certificateIdSchema, { id: c.req.param('id') });
    const row = await certificateById(c.var.deps.database.db, id);
    if (!row) throw new ApiError(404, 'not_found', 'There is no such certificate.');
    readAudit(c).entityId = id;
    const { key } = await certificateFile(c.var.deps, row);
    return fileResponse(c, certificateStorageOf(c.var.deps), key, `certificate-${id}.pdf`);
  })
  .post('/:id/revoke', requireAdmin, requireFreshSecondFactor, jsonBody(revokeSchema), async (c) => {
    const { id } = validate(certificateIdSchema, { id: c.req.param('id') });
    const { reason } = c.req.valid('json');
    const { deps } = c.var;
    if (!(await certificateById(deps.database.db, id))) throw new ApiError(404, 'not_found', 'There is no such certificate.');
    if (!(await revokeCertificate(deps.database.db, id, reason, deps.now()))) throw new ApiError(409, 'conflict', 'This certificate was already revoked.');
    await audit(c, { admin: signedInAdmin(c), action: 'certificate.revoke', entityType: 'certificate', entityId: id, changes: { reason } });
    return c.json({ id, revoked: true }, 200);
  })
  .post('/:id/reissue', requireAdmin, requireFreshSecondFactor, async (c) => {
    const { id } = validate(certificateIdSchema, { id: c.req.param('id') });
    const { deps } = c.var;
    const admin = signedInAdmin(c);
    if (!(await certificateById(deps.database.db, id))) throw new ApiError(404, 'not_found', 'There is no such certificate.');
    const signer = await signerFor(deps.database.db, deps.env.CERTIFICATE_SIGNING_KEY);
    let newId: string | null;
    try {
      newId = await reissueCertificate(deps.database.db, signer, id, admin.username, deps.now());
    } catch (error) {
      if (error instanceof CannotReissue) throw new ApiError(409, 'conflict', 'This child no longer has a result or a check-in to certify (removed or cancelled), so nothing was re-issued.');
      throw error;
    }
    if (!newId) throw new ApiError(409, 'conflict', 'Only a live certificate can be re-issued; this one was revoked already.');
    await audit(c, { admin, action: 'certificate.reissue', entityType: 'certificate', entityId: id, changes: { replacedBy: newId } });
    return c.json({ id: newId, replaces: id }, 200);
  });
