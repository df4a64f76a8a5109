import { Hono } from 'hono';
import type { AppEnv } from '../../context';

/**
 * GET /api/payment-settings: where families pay the online fee (ADR 024), for the confirmation
 * screen right after registering: the organiser's UPI address and payee name, or null when
 * paying online is not set up. Public: these are printed on every payment request anyway.
 */
export const paymentSettingsRoutes = new Hono<AppEnv>().get('/', (c) => {
  const { env } = c.var.deps;
  c.header('Cache-Control', 'public, max-age=300');
  return c.json({ upi: env.UPI_VPA ? { address: env.UPI_VPA, payeeName: env.UPI_PAYEE_NAME } : null }, 200);
});
