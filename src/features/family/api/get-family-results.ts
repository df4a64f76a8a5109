import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readResponse } from '@/lib/api-client';
import { bearer, familyKeys } from './family-keys';

/**
 * The child's published results (issue 24, empty until the organisers publish a round), their
 * certificates and how they appear on public results pages (issue 25).
 */
export type FamilyResults = InferResponseType<typeof api.family.results.$get, 200>;
export type FamilyResult = FamilyResults['results'][number];
export type FamilyCertificate = FamilyResults['certificates'][number];

export const familyResultsQueryOptions = (token: string) =>
  queryOptions({
    queryKey: familyKeys.results(),
    queryFn: async () => readResponse(await api.family.results.$get(undefined, bearer(token))),
  });

export function useFamilyResults(token: string) {
  return useQuery(familyResultsQueryOptions(token));
}

/** Confirms the child's place at the semi-finals in a contest they went through in (once; again changes nothing). */
export function useConfirmPlace(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (category: FamilyResult['category']) => readResponse(await api.family.results.confirm.$post({ json: { category } }, bearer(token))),
    onSuccess: (answer) => {
      queryClient.setQueryData<FamilyResults>(familyKeys.results(), (data) =>
        data ? { ...data, results: data.results.map((result) => (result.category === answer.category ? { ...result, confirmedAt: answer.confirmedAt } : result)) } : data,
      );
    },
  });
}
