import { Hono } from 'hono';
import { adminCategoryName, categoryBySlug } from '@domain/categories';
import type { AppEnv } from '../../context';
import { readsPersonalData } from '../../lib/read-audit';
import { requireAdmin } from '../../lib/require-admin';
import { uuidParam } from '../../lib/validators';
import type { AdminRegistration } from '../../db/stores/registration-row';
import { allMatching } from '../../db/stores/registration-list-store';
import { REGISTRATION_NOT_FOUND as NOT_FOUND, setDeletedByAdmin } from '../registrations/delete-registration';


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
    await setDeletedByAdmin(c, id, true);
    return c.json({ ok: true as const }, 200);
  });
