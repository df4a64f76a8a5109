import { Hono } from 'hono';
import type { AppEnv } from '../../context';

/** Admin: list/search/filter/sort, read, edit, delete, restore and CSV export of registrations. */
export const registrationAdminRoutes = new Hono<AppEnv>();
