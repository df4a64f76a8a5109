import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readResponse } from '@/lib/api-client';
import { bearer, familyKeys, type FamilyRegistrationAnswer } from './family-keys';

type ErasureAnswer = InferResponseType<(typeof api.family.registration)['erasure-request']['$post'], 201>;

/** Asks the organisers to erase the registration's data; they must answer by `dueAt`. */
export async function requestErasure(token: string): Promise<ErasureAnswer> {
  return readResponse(await api.family.registration['erasure-request'].$post(undefined, bearer(token)));
}

export function useRequestErasure(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestErasure(token),
    onSuccess: ({ erasureRequest }) => {
      queryClient.setQueryData<FamilyRegistrationAnswer>(familyKeys.registration(), (data) => (data ? { ...data, erasureRequest } : data));
    },
  });
}
