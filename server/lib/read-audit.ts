import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context';
import { auditRead, BY_FAMILY, BY_VISITOR, type ReadAction } from './audit';

/** Reads a public page makes (nobody signed in): audited as a visitor's. */
const PUBLIC_READS: ReadonlySet<ReadAction> = new Set(['read.certificate.verify']);

/**
 * The one way a route that answers with personal data is audited (ADR 016, ADR 020): the
 * middleware sits in the route's chain and writes the read-audit row once the handler has
 * answered successfully, naming who read (the signed-in account, or the family holding its
 * private link), what and from where. A handler only adds what it knows (`entityId`, counts,
 * filters). The route list test (server/routes/read-audit.test.ts) refuses a route that answers
 * with personal data without this middleware.
 */

export type ReadAuditScope = {
  entityId?: string;
  details: Record<string, unknown>;
  /**
   * For a streamed answer: the row is written when the stream ends (with how much left the
   * server), by calling what this returns, instead of when the handler returns.
   */
  defer(): (details: Record<string, unknown>) => Promise<void>;
};

declare module 'hono' {
  interface ContextVariableMap {
    readAudit?: ReadAuditScope;
  }
}

const READ_ACTION = Symbol('readAction');

type AuditedMiddleware = MiddlewareHandler<AppEnv> & { [READ_ACTION]: ReadAction };

export function readsPersonalData(action: ReadAction, entityType: string): AuditedMiddleware {
  const middleware = createMiddleware<AppEnv>(async (c, next) => {
    let deferred = false;
    const scope: ReadAuditScope = {
      details: {},
      defer() {
        deferred = true;
        return (details) => write(c, action, entityType, { ...scope, details: { ...scope.details, ...details } });
      },
    };
    c.set('readAudit', scope);
    await next();
    if (deferred || c.error || c.res.status >= 400) return;
    await write(c, action, entityType, scope);
  });
  return Object.assign(middleware, { [READ_ACTION]: action });
}

/** The read action a route handler audits, if it is this middleware. */
export function readActionOf(handler: unknown): ReadAction | undefined {
  return typeof handler === 'function' ? (handler as Partial<AuditedMiddleware>)[READ_ACTION] : undefined;
}

/** The handler's own scope, to add what it knows; its route must carry `readsPersonalData`. */
export function readAudit(c: Context<AppEnv>): ReadAuditScope {
  const scope = c.get('readAudit');
  if (!scope) throw new Error('this route is not marked readsPersonalData');
  return scope;
}

async function write(c: Context<AppEnv>, action: ReadAction, entityType: string, scope: Pick<ReadAuditScope, 'entityId' | 'details'>): Promise<void> {
  const account = c.get('admin');
  const reader = account ? { id: account.id, username: account.username } : c.get('familyLink') ? BY_FAMILY : PUBLIC_READS.has(action) ? BY_VISITOR : null;
  if (!reader) throw new Error(`${action}: nobody signed in to audit`);
  await auditRead(c, {
    admin: reader,
    action,
    entityType,
    ...(scope.entityId ? { entityId: scope.entityId } : {}),
    ...(Object.keys(scope.details).length > 0 ? { details: scope.details } : {}),
  });
}
