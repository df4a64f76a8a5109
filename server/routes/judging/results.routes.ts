import { Hono } from 'hono';
import { z } from 'zod';
import { CATEGORY_SLUGS } from '@domain/categories';
import type { AppEnv } from '../../context';
import { auditFamily } from '../../lib/audit';
import { ApiError } from '../../lib/errors';
import { readAudit, readsPersonalData } from '../../lib/read-audit';
import { jsonBody } from '../../lib/validators';
import { confirmPlace, familyResults } from '../../db/stores/judging-store';
import { linkedRegistration, requireFamilyLink } from '../family/family-link-auth';

const confirmSchema = z.object({ category: z.enum(CATEGORY_SLUGS, { error: 'Choose one of the contests.' }) });

/**
 * Family: the child's published results (issue 24) and confirming a place at the semi-finals in
 * a contest they went through in. Nothing here before a round is published.
 */
export const familyResultRoutes = new Hono<AppEnv>()
  .get('/results', requireFamilyLink, readsPersonalData('read.family.results', 'registration'), async (c) => {
    const registration = await linkedRegistration(c);
    readAudit(c).entityId = registration.id;
    return c.json({ results: await familyResults(c.var.deps.database.db, registration.id) }, 200);
  })
  .post('/results/confirm', requireFamilyLink, jsonBody(confirmSchema), async (c) => {
    const { category } = c.req.valid('json');
    const registration = await linkedRegistration(c);
    if (registration.cancelledAt) throw new ApiError(409, 'conflict', 'This registration was cancelled.');
    const place = await confirmPlace(c.var.deps.database.db, registration.id, category);
    if (!place) throw new ApiError(409, 'conflict', 'There is no place at the semi-finals to confirm in this contest.');
    if (place.created) await auditFamily(c, 'registration.place_confirmed', registration.id, { category, levelId: 'level2' });
    return c.json({ category, confirmedAt: place.confirmedAt }, 200);
  });
