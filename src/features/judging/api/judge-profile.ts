import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, readResponse } from '@/lib/api-client';

/** The judge's own profile: expertise, and the institutes they declared a conflict with. */
export const judgeProfileQueryOptions = () =>
  queryOptions({ queryKey: ['judge', 'profile'] as const, queryFn: async () => readResponse(api.judge.profile.$get()) });

export function useJudgeProfile() {
  return useQuery(judgeProfileQueryOptions());
}

/** Saves the conflicts; entries of those institutes not scored yet leave the judge's queue. */
export function useSaveConflicts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (conflicts: string[]) => readResponse(api.judge.profile.$put({ json: { conflicts } })),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['judge'] });
    },
  });
}

/** "I know this child": the judge steps back from the entry and another judge gets it. */
export function useRecuse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (entryId: string) => readResponse(api.judge.entries[':entryId'].recuse.$post({ param: { entryId } })),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['judge', 'queue'] });
    },
  });
}
