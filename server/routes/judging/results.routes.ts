import { Hono } from 'hono';
import { z } from 'zod';
import { certificateIdSchema, resultsNameSchema } from '@domain/certificates';
import { CATEGORY_SLUGS } from '@domain/categories';
import type { AppEnv } from '../../context';
import { auditFamily } from '../../lib/audit';
import { ApiError } from '../../lib/errors';
import { readAudit, readsPersonalData } from '../../lib/read-audit';
import { jsonBody, pathParams } from '../../lib/validators';
import { confirmPlace, familyResults } from '../../db/stores/judging-store';
import { certificateById, familyCertificates } from '../../db/stores/certificate-store';
import { resultsNameOf, setResultsName } from '../../db/stores/registration-admin-store';
import { certificateFile, certificateStorageOf } from '../../certificates/certificate-job';
import { publishResultsPages } from '../../certificates/results-pages';
import { fileResponse } from '../../entries/file-response';
import { linkedRegistration, requireFamilyLink } from '../family/family-link-auth';

const NO_CERTIFICATE = 'There is no such certificate for this registration.';

const confirmSchema = z.object({ category: z.enum(CATEGORY_SLUGS, { error: 'Choose one of the contests.' }) });

/**
 * Family: the child's published results (issue 24) and confirming a place at the semi-finals in
 * a contest they went through in. Nothing here before a round is published.
 */
export const familyResultRoutes = new Hono<AppEnv>()
  .get('/results', requireFamilyLink, readsPersonalData('read.family.results', 'registration'), async (c) => {
    const registration = await linkedRegistration(c);
    readAudit(c).entityId = registration.id;
    const { db } = c.var.deps.database;
    const [results, certificates, resultsName] = await Promise.all([
      familyResults(db, registration.id),
      familyCertificates(db, registration.id),
      resultsNameOf(db, registration.id),
    ]);
    return c.json(
      {
        results,
        resultsName,
        certificates: certificates.map((row) => ({
          ...row,
          issuedAt: new Date(row.issuedAt).toISOString(),
          revokedAt: row.revokedAt ? new Date(row.revokedAt).toISOString() : null,
        })),
      },
      200,
    );
  })
  .get('/certificates/:id/pdf', requireFamilyLink, pathParams(certificateIdSchema.shape, NO_CERTIFICATE), readsPersonalData('read.family.certificate', 'registration'), async (c) => {
    const { id } = c.req.valid('param');
    const registration = await linkedRegistration(c);
    const row = await certificateById(c.var.deps.database.db, id);
    if (!row || row.registrationId !== registration.id) throw new ApiError(404, 'not_found', NO_CERTIFICATE);
    if (row.revokedAt) throw new ApiError(410, 'gone', row.replacedBy ? 'This certificate was replaced by a corrected one: download the new one from your page.' : 'This certificate was revoked by the organisers.');
    readAudit(c).entityId = registration.id;
    const { key } = await certificateFile(c.var.deps, row);
    return fileResponse(c, certificateStorageOf(c.var.deps), key, `certificate-${row.category}-${id}.pdf`);
  })
  .put('/results-name', requireFamilyLink, jsonBody(resultsNameSchema), async (c) => {
    const { resultsName } = c.req.valid('json');
    const registration = await linkedRegistration(c);
    const { db } = c.var.deps.database;
    if ((await resultsNameOf(db, registration.id)) !== resultsName) {
      await setResultsName(db, registration.id, resultsName);
      // The public pages show the change at once: they are rendered again from the rows.
      await publishResultsPages(db, c.var.deps.now());
      await auditFamily(c, 'registration.results_name', registration.id, { resultsName });
    }
    return c.json({ resultsName }, 200);
  })
  .post('/results/confirm', requireFamilyLink, jsonBody(confirmSchema), async (c) => {
    const { category } = c.req.valid('json');
    const registration = await linkedRegistration(c);
    if (registration.cancelledAt) throw new ApiError(409, 'conflict', 'This registration was cancelled.');
    const place = await confirmPlace(c.var.deps.database.db, registration.id, category, c.var.deps.now());
    if (!place) throw new ApiError(409, 'conflict', 'There is no place at the semi-finals to confirm in this contest.');
    if (place.created) await auditFamily(c, 'registration.place_confirmed', registration.id, { category, levelId: 'level2' });
    return c.json({ category, confirmedAt: place.confirmedAt }, 200);
  });
