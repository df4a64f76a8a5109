import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResultsName } from '@domain/certificates';
import { api, readResponse } from '@/lib/api-client';
import { bearer, familyKeys } from './family-keys';
import type { FamilyResults } from './get-family-results';

/** How the child appears on public results pages: name and initial, or the reference code only (issue 25). */
export function useSetResultsName(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (resultsName: ResultsName) => readResponse(await api.family['results-name'].$put({ json: { resultsName } }, bearer(token))),
    onSuccess: (answer) => {
      queryClient.setQueryData<FamilyResults>(familyKeys.results(), (data) => (data ? { ...data, resultsName: answer.resultsName } : data));
    },
  });
}
