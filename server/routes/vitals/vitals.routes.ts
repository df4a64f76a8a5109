import { Hono } from 'hono';
import type { VitalsConfig } from '@domain/vitals';
import { vitalsReportSchema } from '@domain/vitals-report';
import type { AppEnv } from '../../context';
import { assertSameOriginBeacon } from '../../lib/csrf';
import { ApiError, validate } from '../../lib/errors';
import { limitPublicWrite } from '../../lib/rate-limits';
import { recordVitals } from '../../db/stores/vitals-store';

/** The most one page view's report can weigh (the body limit in app.ts). */
export const VITALS_LIMIT_BYTES = 4 * 1024;

/**
 * Public: real visitors' page speed (ADR 030). No cookie is read or set, and nothing about the
 * sender is stored: only the rate limit sees the address, as for every public write.
 */
export const vitalsRoutes = new Hono<AppEnv>()
  // Asked once per page load after it is idle; a browser keeps the answer for ten minutes.
  .get('/config', (c) => {
    const { VITALS, VITALS_SAMPLE_RATE } = c.var.deps.env;
    const config: VitalsConfig = { enabled: VITALS === 'on', sampleRate: VITALS === 'on' ? VITALS_SAMPLE_RATE : 0 };
    return c.json(config, 200, { 'Cache-Control': 'public, max-age=600' });
  })
  /**
   * One page view's metrics, sent by `navigator.sendBeacon` as text/plain (a beacon's JSON type
   * would need a CORS preflight it cannot make). A beacon cannot add X-Requested-With, so the
   * admin writes' CSRF proof does not fit: the Origin must be ours (assertSameOriginBeacon).
   * Switched off (VITALS=off), a report from a page loaded before is accepted and dropped.
   */
  .post('/', async (c) => {
    if (c.var.deps.env.VITALS === 'off') return c.body(null, 204);
    assertSameOriginBeacon(c);
    await limitPublicWrite(c, [
      { bucket: 'vitals', cost: 1 },
      { bucket: 'vitalsEveryone', cost: 1 },
    ]);
    const type = c.req.header('content-type') ?? '';
    if (!/^(text\/plain|application\/json)\s*(;|$)/i.test(type)) {
      throw new ApiError(415, 'unsupported_media_type', 'Send the report as JSON (Content-Type: text/plain or application/json).');
    }
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      throw new ApiError(400, 'bad_request', 'The request body is not valid JSON.');
    }
    const report = validate(vitalsReportSchema, body);
    await recordVitals(c.var.deps.database.db, report, c.var.deps.now());
    return c.body(null, 204);
  });
