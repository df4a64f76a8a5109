import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { FAMILY_TOKEN_PATTERN } from '@domain/family-link';
import { CONTACT, SEASON } from '@domain/season';
import type { AppEnv } from '../../context';
import { ApiError } from '../../lib/errors';
import { findRegistration } from '../../db/stores/registration-admin-store';
import { findFamilyLink, type FamilyLink } from '../../db/stores/family-link-store';
import type { AdminRegistration } from '../../db/stores/registration-row';

declare module 'hono' {
  interface ContextVariableMap {
    /** Set by requireFamilyLink; read it with linkOf(c). */
    familyLink?: FamilyLink;
  }
}

const INVALID_LINK =
  'This link is not valid. Check that you opened the whole link from the email, or ask for a new one with "Find my registration".';

/**
 * The family's private link: the page sends its token as `Authorization: Bearer <token>`, never
 * in an API path, so request logs cannot hold it. No cookie is involved, so there is nothing
 * for a cross-site request to ride on (no CSRF check needed).
 */
export const requireFamilyLink = createMiddleware<AppEnv>(async (c, next) => {
  const token = /^Bearer (\S+)$/.exec(c.req.header('authorization') ?? '')?.[1];
  if (!token) throw new ApiError(401, 'unauthorized', 'Open the private link from your confirmation email to see your registration.');
  if (!FAMILY_TOKEN_PATTERN.test(token)) throw new ApiError(404, 'not_found', INVALID_LINK);
  const link = await findFamilyLink(c.var.deps.database.db, token);
  if (!link) throw new ApiError(404, 'not_found', INVALID_LINK);
  if (link.revokedAt) {
    throw new ApiError(
      410,
      'gone',
      'This link was turned off by the family ("Turn off every older link" on their page). Use the link you turned the others off with, or ask for a new one with "Find my registration".',
    );
  }
  if (c.var.deps.now().getTime() >= Date.parse(link.expiresAt)) {
    throw new ApiError(410, 'gone', `This link expired when the ${SEASON.name}’s personal data was erased.`);
  }
  c.set('familyLink', link);
  await next();
});

export function linkOf(c: Context<AppEnv>): FamilyLink {
  const link = c.get('familyLink');
  if (!link) throw new ApiError(401, 'unauthorized', 'Open the private link from your confirmation email to see your registration.');
  return link;
}

/**
 * The registration behind the link; 410 `removed` once the organisers have removed it. The
 * family's rights over their data (download it, ask for its erasure) outlive that removal until
 * the data is really gone, so those two routes ask for `removedToo`.
 */
export async function linkedRegistration(c: Context<AppEnv>, options: { removedToo?: boolean } = {}): Promise<AdminRegistration> {
  const registration = await findRegistration(c.var.deps.database, linkOf(c).registrationId);
  if (!registration || (registration.deletedAt && !options.removedToo)) {
    throw new ApiError(410, 'removed', `The organisers have removed this registration. You can still download your data or ask us to erase it. Write to ${CONTACT.email} if you think that is a mistake.`);
  }
  return registration;
}

