import { Hono } from 'hono';
import { adminCategoryName, categoryBySlug } from '@domain/categories';
import type { AppEnv } from '../../context';
import { audit } from '../../lib/audit';
import { readsPersonalData } from '../../lib/read-audit';
import { ApiError } from '../../lib/errors';
import { requireAdmin, signedInAdmin } from '../../lib/require-admin';
import { uuidParam } from '../../lib/validators';
import type { AdminRegistration } from '../../db/stores/registration-row';
import { setDeleted } from '../../db/stores/registration-admin-store';
import { allMatching } from '../../db/stores/registration-list-store';

const NOT_FOUND = 'There is no registration with that id.';

/** The original site's list shape (docs/product.md, "The original site's API"). */
function legacyShape(r: AdminRegistration) {
  return {
    id: r.id,
    name: r.name ?? '',
    age: r.age,
    email: r.email,
    phone: r.phone,
    city: r.city,
    instituteName: r.instituteName ?? '',
    categories: r.categories.map((slug) => adminCategoryName(categoryBySlug(slug))).join(', '),
  };
}

/** Legacy admin paths: GET /api/users and PUT /api/users/deleteuser/:id. */
export const legacyUserAdminRoutes = new Hono<AppEnv>()
  .get('/', requireAdmin, readsPersonalData('read.legacy_users.list', 'registration'), async (c) => {
    const { database } = c.var.deps;
    const encoder = new TextEncoder();
    // Streamed as one JSON array, a batch of rows at a time: every live registration, by name.
    const batches = allMatching(database, { q: '', duplicates: false, category: undefined, city: undefined, day: undefined, type: undefined, ageMonths: undefined }, { sort: 'name', dir: 'asc' });
    let first = true;
    let opened = false;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!opened) {
          opened = true;
          controller.enqueue(encoder.encode('['));
          return;
        }
        try {
          const next = await batches.next();
          if (next.done) {
            controller.enqueue(encoder.encode(']'));
            controller.close();
            return;
          }
          const text = next.value.map((r) => JSON.stringify(legacyShape(r))).join(',');
          controller.enqueue(encoder.encode(first ? text : `,${text}`));
          first = false;
        } catch (error) {
          controller.error(error);
        }
      },
      async cancel() {
        await batches.return(undefined);
      },
    });
    return new Response(body, { headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' } });
  })
  .put('/deleteuser/:id', requireAdmin, uuidParam(NOT_FOUND), async (c) => {
    const { id } = c.req.valid('param');
    const result = await setDeleted(c.var.deps.database, id, true, c.var.deps.now());
    if (!result) throw new ApiError(404, 'not_found', NOT_FOUND);
    if (result.changed) {
      await audit(c, { admin: signedInAdmin(c), action: 'registration.delete', entityType: 'registration', entityId: id });
    }
    return c.json({ ok: true as const }, 200);
  });
