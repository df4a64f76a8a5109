import { Hono } from 'hono';
import { certificateIdSchema, resultsNameSchema } from '@domain/certificates';
import { offerAnswerSchema, finaleTitle } from '@domain/later-levels';
import { venueSessionById } from '@domain/season';
import type { AppEnv } from '../../context';
import { auditFamily } from '../../lib/audit';
import { ApiError } from '../../lib/errors';
import { readAudit, readsPersonalData } from '../../lib/read-audit';
import { jsonBody, pathParams } from '../../lib/validators';
import { familyResults } from '../../db/stores/judging-store';
import { BY_SYSTEM, answerPlace, fillPlaces, placesOf } from '../../db/stores/places-store';
import { publishedPlacesOf } from '../../db/stores/live-store';
import { certificateById, familyCertificates } from '../../db/stores/certificate-store';
import { resultsNameOf, setResultsName } from '../../db/stores/registration-admin-store';
import { certificateFile, certificateStorageOf } from '../../certificates/certificate-job';
import { publishResultsPages } from '../../certificates/results-pages';
import { fileResponse } from '../../entries/file-response';
import { linkedRegistration, requireFamilyLink } from '../family/family-link-auth';

const NO_CERTIFICATE = 'There is no such certificate for this registration.';

/**
 * Family: the child's published results (issue 24), their results at venue sessions (issue 45),
 * their places at the semi-finals and the grand finale and the answer to an invitation (issue 46).
 * Nothing here before a round or a session is published.
 */
export const familyResultRoutes = new Hono<AppEnv>()
  .get('/results', requireFamilyLink, readsPersonalData('read.family.results', 'registration'), async (c) => {
    const registration = await linkedRegistration(c);
    readAudit(c).entityId = registration.id;
    const { db } = c.var.deps.database;
    const [results, certificates, resultsName, places, sessionResults] = await Promise.all([
      familyResults(db, registration.id),
      familyCertificates(db, registration.id),
      resultsNameOf(db, registration.id),
      placesOf(c.var.deps.database, registration.id),
      publishedPlacesOf(c.var.deps.database, registration.id),
    ]);
    return c.json(
      {
        results,
        resultsName,
        places: places.map(({ sequence: _sequence, clash: _clash, qualified: _qualified, ...place }) => place),
        sessionResults: sessionResults.flatMap((row) => {
          const session = venueSessionById(row.sessionId);
          if (!session) return [];
          return [
            {
              sessionId: row.sessionId,
              levelId: session.levelId,
              category: session.categories[0]!,
              place: row.place,
              pool: Number(row.pool),
              final: row.final,
              timeMs: row.timeMs,
              qualifies: row.qualifies,
              title: session.levelId === 'level3' ? { en: finaleTitle(row.place, 'en'), ta: finaleTitle(row.place, 'ta') } : null,
            },
          ];
        }),
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
      await publishResultsPages(db, { ownRequests: 1 });
      await auditFamily(c, 'registration.results_name', registration.id, { resultsName });
    }
    return c.json({ resultsName }, 200);
  })
  .post('/results/places', requireFamilyLink, jsonBody(offerAnswerSchema), async (c) => {
    const { levelId, category, answer } = c.req.valid('json');
    const registration = await linkedRegistration(c);
    if (registration.cancelledAt) throw new ApiError(409, 'conflict', 'This registration was cancelled.');
    const { database } = c.var.deps;
    const outcome = await answerPlace(database, { registrationId: registration.id, levelId, category }, answer, c.var.deps.now());
    if (!outcome.ok) throw new ApiError(outcome.code === 'not_found' ? 404 : 409, outcome.code === 'not_found' ? 'not_found' : 'conflict', outcome.message);
    // A declined place goes to the next child in line at once (the deadline job would find it too).
    if (outcome.changed && outcome.state === 'declined') await fillPlaces(database, levelId, BY_SYSTEM, c.var.deps.now());
    const place = (await placesOf(database, registration.id)).find((row) => row.levelId === levelId && row.category === category)!;
    const { sequence: _sequence, clash: _clash, qualified: _qualified, ...shown } = place;
    return c.json(shown, 200);
  });
