import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfferAnswer } from '@domain/later-levels';
import { api, readResponse } from '@/lib/api-client';
import { bearer, familyKeys } from './family-keys';
import type { FamilyResults } from './get-family-results';

/**
 * Accepts or declines the child's invitation to the semi-finals or the grand finale (issue 46):
 * the answer the server kept replaces the place on the page (a second tap gives the same answer).
 */
export function useAnswerPlace(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (answer: OfferAnswer) => readResponse(await api.family.results.places.$post({ json: answer }, bearer(token))),
    onSuccess: (place) => {
      queryClient.setQueryData<FamilyResults>(familyKeys.results(), (data) =>
        data ? { ...data, places: data.places.map((row) => (row.levelId === place.levelId && row.category === place.category ? place : row)) } : data,
      );
    },
  });
}
