import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readResponse } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** POST /api/judges/:id/invite: an approved applicant gets a judge account and an email to set its password. */
export function useInviteJudge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => readResponse(api.judges[':id'].invite.$post({ param: { id } })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.list('judges') });
    },
  });
}
