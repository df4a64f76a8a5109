import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readResponse } from '@/lib/api-client';
import { useDeferredQuery } from '@/lib/query-client';
import { bearer, familyKeys } from './family-keys';

/**
 * The child's published results (issue 24, empty until the organisers publish a round), their
 * results at venue sessions, their places at the later levels (issue 46), their certificates and
 * how they appear on public results pages (issue 25).
 */
export type FamilyResults = InferResponseType<typeof api.family.results.$get, 200>;
export type FamilyResult = FamilyResults['results'][number];
export type FamilyCertificate = FamilyResults['certificates'][number];
export type FamilyPlace = FamilyResults['places'][number];
export type FamilySessionResult = FamilyResults['sessionResults'][number];

export const familyResultsQueryOptions = (token: string) =>
  queryOptions({
    queryKey: familyKeys.results(),
    queryFn: async () => readResponse(await api.family.results.$get(undefined, bearer(token))),
  });

export function useFamilyResults(token: string) {
  return useDeferredQuery(familyResultsQueryOptions(token));
}
