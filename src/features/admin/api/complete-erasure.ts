import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readResponse } from '@/lib/api-client';
import { adminKeys } from './query-keys';

type CompleteAnswer = InferResponseType<(typeof api)['erasure-requests'][':id']['complete']['$post'], 200>;

/** Carries out an erasure: the registration's personal data is deleted; an anonymous count stays. */
export async function completeErasure(id: string): Promise<CompleteAnswer> {
  return readResponse(await api['erasure-requests'][':id'].complete.$post({ param: { id } }));
}

export function useCompleteErasure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => completeErasure(id),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.erasureRequests() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.registrations() });
    },
  });
}
