import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readResponse } from '@/lib/api-client';
import { bearer, familyKeys, type FamilyRegistrationAnswer } from './family-keys';

type CancelAnswer = InferResponseType<(typeof api.family.registration.cancel)['$post'], 200>;

/** Tells the organisers the child will not come; the registration stays, marked cancelled by the family. */
export async function cancelRegistration(token: string): Promise<CancelAnswer> {
  return readResponse(await api.family.registration.cancel.$post(undefined, bearer(token)));
}

export function useCancelRegistration(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelRegistration(token),
    onSuccess: ({ registration }) => {
      queryClient.setQueryData<FamilyRegistrationAnswer>(familyKeys.registration(), (data) => (data ? { ...data, registration } : data));
    },
  });
}
