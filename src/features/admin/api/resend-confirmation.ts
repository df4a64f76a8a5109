import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readResponse } from '@/lib/api-client';
import { adminKeys } from './query-keys';

type ResendAnswer = InferResponseType<(typeof api.registrations)[':id']['resend-confirmation']['$post'], 202>;

/** Queues the confirmation email again, with a new private link that replaces the old one once sent. */
export async function resendConfirmation(id: string): Promise<ResendAnswer> {
  return readResponse(await api.registrations[':id']['resend-confirmation'].$post({ param: { id } }));
}

export function useResendConfirmation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resendConfirmation(id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.registration(id) }),
  });
}
