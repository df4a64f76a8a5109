import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readResponse } from '@/lib/api-client';
import type { MutationConfig } from './mutation-config';
import { adminKeys } from './query-keys';

type RestoreAnswer = InferResponseType<(typeof api.registrations)[':id']['restore']['$post'], 200>;

/** Undoes a soft delete. */
export function restoreRegistration(id: string): Promise<RestoreAnswer> {
  return readResponse(api.registrations[':id'].restore.$post({ param: { id } }));
}

/** Restores a row; every loaded view reloads, since the row's place depends on the sort and filters. */
export function useRestoreRegistration({ mutationConfig }: { mutationConfig?: MutationConfig<RestoreAnswer, string> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: (id: string) => restoreRegistration(id),
    onSuccess: (answer, ...rest) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.registrationLists() });
      return onSuccess?.(answer, ...rest);
    },
  });
}
