import type { InferResponseType } from 'hono/client';
import { type api } from '@/lib/api-client';

/**
 * The family's private link (ADR 013): the token travels only in `Authorization: Bearer`,
 * never in an API path, a query key's log or a URL we build.
 */
export function bearer(token: string): { headers: Record<string, string> } {
  return { headers: { Authorization: `Bearer ${token}` } };
}

/**
 * The token stays out of the query key (a devtools view or an error report could show keys): the
 * page holds one link at a time, and the cache is dropped when the page closes.
 */
export const familyKeys = {
  registration: () => ['family', 'registration'] as const,
  entries: () => ['family', 'entries'] as const,
  results: () => ['family', 'results'] as const,
  thumbnail: (entryId: string, position: number) => ['family', 'entries', entryId, position, 'thumbnail'] as const,
};

/** What `GET /api/family/registration` answers, inferred from the server's route. */
export type FamilyRegistrationAnswer = InferResponseType<typeof api.family.registration.$get, 200>;
export type FamilyRegistration = FamilyRegistrationAnswer['registration'];
