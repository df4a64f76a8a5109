import { placesAdminRoutes } from './routes/places/places.routes';
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv, Deps } from './context';
import { ApiError, errorBody, errorResponse, isDatabaseUnavailable } from './lib/errors';
import { jsonContentLength } from './lib/content-length';
import { describeError } from './lib/logger';
import { countRequests } from './lib/people-first';
import { inlineScriptHashes, serveClient } from './lib/static-files';
import { healthRoutes } from './routes/health/health.routes';
import { registrationRoutes } from './routes/registrations/registrations.routes';
import { registrationFormRoutes } from './routes/registrations/registration-form.routes';
import { registrationAdminRoutes } from './routes/registrations/registrations.admin-routes';
import { legacyUserRoutes } from './routes/legacy-users/legacy-users.routes';
import { legacyUserAdminRoutes } from './routes/legacy-users/legacy-users.admin-routes';
import { judgeRoutes } from './routes/judges/judges.routes';
import { judgeAdminRoutes } from './routes/judges/judges.admin-routes';
import { contactRoutes } from './routes/contact/contact.routes';
import { contactAdminRoutes } from './routes/contact/contact.admin-routes';
import { newsletterRoutes } from './routes/newsletter/newsletter.routes';
import { newsletterAdminRoutes } from './routes/newsletter/newsletter.admin-routes';
import { authRoutes } from './routes/auth/auth.routes';
import { secondFactorRoutes } from './routes/auth/second-factor.routes';
import { auditAdminRoutes } from './routes/audit/audit.admin-routes';
import { familyRoutes } from './routes/family/family.routes';
import { erasureRequestAdminRoutes } from './routes/erasure-requests/erasure-requests.admin-routes';
import { staffAdminRoutes } from './routes/staff/staff.admin-routes';
import { venueAdminRoutes, venueRoutes } from './routes/venue/venue.routes';
import { hallRoutes, liveAdminRoutes, liveJudgeRoutes, liveVenueRoutes } from './routes/live/live.routes';
import { overviewAdminRoutes } from './routes/overview/overview.admin-routes';
import { retentionAdminRoutes } from './routes/retention/retention.admin-routes';
import { statementAdminRoutes } from './routes/statements/statements.admin-routes';
import { ledgerAdminRoutes } from './routes/ledger/ledger.admin-routes';
import { paymentSettingsRoutes } from './routes/payments/payment-settings.routes';
import { entryRoutes } from './routes/entries/entries.routes';
import { entryAdminRoutes } from './routes/entries/entries.admin-routes';
import { UPLOADS_PATH } from './entries/entry-uploads';
import { judgingRoutes } from './routes/judging/judging.routes';
import { judgingAdminRoutes } from './routes/judging/judging.admin-routes';
import { familyResultRoutes } from './routes/judging/results.routes';
import { verifyRoutes } from './routes/certificates/certificates.routes';
import { CHECK_LIMIT_BYTES } from './routes/certificates/verification';
import { verifyPageRoutes } from './routes/certificates/verify-pages.routes';
import { certificateAdminRoutes } from './routes/certificates/certificates.admin-routes';
import { resultsPageRoutes } from './routes/certificates/results-pages.routes';
import { VITALS_LIMIT_BYTES, vitalsRoutes } from './routes/vitals/vitals.routes';

export const BODY_LIMIT_BYTES = 1024 * 1024;
export const UPLOAD_LIMIT_BYTES = 6 * 1024 * 1024;
/** A bank statement: a season of a busy account is a few MB; it streams, so this only bounds the work. */
export const STATEMENT_LIMIT_BYTES = 25 * 1024 * 1024;

/** One request of a resumable entry upload: the family's page sends files in chunks of 5 MB (ADR 026). */
export const UPLOAD_CHUNK_LIMIT_BYTES = 16 * 1024 * 1024;

/** Every /api resource, chained so that `AppType` types the client (hc<AppType>). */
export function createApi() {
  return new Hono<AppEnv>()
    .route('/health', healthRoutes)
    .route('/auth', authRoutes)
    .route('/auth/second-factor', secondFactorRoutes)
    .route('/registrations', registrationRoutes)
    .route('/registrations', registrationAdminRoutes)
    .route('/users', legacyUserRoutes)
    .route('/users', legacyUserAdminRoutes)
    .route('/judges', judgeRoutes)
    .route('/judges', judgeAdminRoutes)
    .route('/contact', contactRoutes)
    .route('/contact', contactAdminRoutes)
    .route('/newsletter', newsletterRoutes)
    .route('/newsletter', newsletterAdminRoutes)
    .route('/audit', auditAdminRoutes)
    .route('/family', familyRoutes)
    .route('/family', entryRoutes)
    .route('/family', familyResultRoutes)
    .route('/entries', entryAdminRoutes)
    .route('/erasure-requests', erasureRequestAdminRoutes)
    .route('/staff', staffAdminRoutes)
    .route('/venue', venueRoutes)
    .route('/venue', venueAdminRoutes)
    .route('/venue', liveVenueRoutes)
    .route('/panels', liveAdminRoutes)
    .route('/places', placesAdminRoutes)
    .route('/live', hallRoutes)
    .route('/overview', overviewAdminRoutes)
    .route('/retention', retentionAdminRoutes)
    .route('/statements', statementAdminRoutes)
    .route('/ledger', ledgerAdminRoutes)
    .route('/payment-settings', paymentSettingsRoutes)
    .route('/judge', judgingRoutes)
    .route('/judge/live', liveJudgeRoutes)
    .route('/judging', judgingAdminRoutes)
    .route('/verify', verifyRoutes)
    .route('/certificates', certificateAdminRoutes)
    .route('/vitals', vitalsRoutes);
}

export type AppType = ReturnType<typeof createApi>;

export function createApp(deps: Deps, options: { serveClientFrom?: string } = {}) {
  const app = new Hono<AppEnv>();

  // Background jobs wait while requests are being answered (server/lib/people-first.ts).
  app.use('*', countRequests());
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });

  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        // Our own files, and the pages' one inline script by its hash (ADR 031).
        scriptSrc: ["'self'", ...(options.serveClientFrom ? inlineScriptHashes(options.serveClientFrom) : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      crossOriginEmbedderPolicy: false,
      // The same rule as frame-ancestors 'none', for browsers that read only the older header.
      xFrameOptions: 'DENY',
      referrerPolicy: 'strict-origin-when-cross-origin',
      // The camera only for this site's own pages: venue mode scans QR codes (/venue).
      permissionsPolicy: { camera: ['self'], microphone: [], geolocation: [] },
    }),
  );

  if (deps.env.LOG_REQUESTS) {
    app.use('/api/*', async (c, next) => {
      const started = performance.now();
      await next();
      deps.log.info('request', {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      });
    });
  }

  /** Refuses a body over `maxSize` with a 413 that says what the limit is for. */
  const sizeLimit = (maxSize: number, message: string) => bodyLimit({ maxSize, onError: (c) => c.json(errorBody('payload_too_large', message), 413) });
  const jsonLimit = sizeLimit(BODY_LIMIT_BYTES, 'The request body is larger than 1 MB.');
  const uploadLimit = sizeLimit(UPLOAD_LIMIT_BYTES, 'The upload is larger than 6 MB. Photos must be at most 5 MB.');
  const statementLimit = sizeLimit(STATEMENT_LIMIT_BYTES, 'The statement file is larger than 25 MB. Export a shorter period.');
  // Upload parts stream to disk: their size is checked from Content-Length, never by reading the body into memory.
  const chunkLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
    const length = c.req.header('content-length');
    if (c.req.method === 'PATCH' && length === undefined) {
      return c.json(errorBody('bad_request', 'An upload part must say its length (Content-Length).'), 411);
    }
    if (Number(length ?? 0) > UPLOAD_CHUNK_LIMIT_BYTES) return c.json(errorBody('payload_too_large', 'One part of an upload may be at most 16 MB.'), 413);
    await next();
  };
  const checkLimit = sizeLimit(CHECK_LIMIT_BYTES, 'That file is far larger than any certificate of ours (over 5 MB).');
  const vitalsLimit = sizeLimit(VITALS_LIMIT_BYTES, 'A speed report is at most 4 KB.');
  app.use('/api/*', (c, next) => {
    if (c.req.path === '/api/vitals') return vitalsLimit(c, next);
    if (c.req.path.startsWith('/api/judges')) return uploadLimit(c, next);
    if (c.req.path.startsWith('/api/verify/')) return checkLimit(c, next);
    if (c.req.path.startsWith(UPLOADS_PATH)) return chunkLimit(c, next);
    if (c.req.path.startsWith('/api/statements/')) return statementLimit(c, next);
    return jsonLimit(c, next);
  });
  // Answers under 1 KB go as they are: gzip would save little and cost a thread-pool job.
  app.use('/api/*', compress({ threshold: 1024 }));
  app.use('/api/*', jsonContentLength());
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });

  app.route('/api', createApi());

  app.all('/api/*', (c) => c.json(errorBody('not_found', `No API route for ${c.req.method} ${c.req.path}.`), 404));

  // Published results (issue 25) and the keys certificates are signed with: rendered by the server, not the client.
  app.route('/', resultsPageRoutes);
  // The certificate check a QR code opens, and its file check by a plain form (issue 49).
  app.route('/', verifyPageRoutes);
  // The registration form as the browser sends it before the page's script runs (ADR 031).
  app.route('/', registrationFormRoutes);

  if (options.serveClientFrom) app.use('*', serveClient(options.serveClientFrom));

  app.notFound((c) => c.json(errorBody('not_found', 'Not found.'), 404));

  app.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    if (error instanceof HTTPException) {
      const status = error.status;
      return c.json(errorBody(status === 413 ? 'payload_too_large' : 'bad_request', error.message || 'Bad request.'), status);
    }
    if (isDatabaseUnavailable(error)) {
      deps.log.warn('database unavailable', describeError(error));
      return c.json(errorBody('service_unavailable', 'The service is briefly unavailable. Please try again in a moment.'), 503, {
        'Retry-After': '5',
      });
    }
    deps.log.error('unhandled error', { path: c.req.path, method: c.req.method, ...describeError(error) });
    return c.json(errorBody('internal_error', 'Something went wrong on our side. Please try again.'), 500);
  });

  return app;
}
