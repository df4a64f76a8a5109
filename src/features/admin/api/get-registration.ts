import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readResponse } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** One registration with its emails (status, failure reason), consent record and erasure requests. */
export type RegistrationDetail = InferResponseType<(typeof api.registrations)[':id']['$get'], 200>;
export type RegistrationEmail = RegistrationDetail['emails'][number];

export async function getRegistration(id: string): Promise<RegistrationDetail> {
  return readResponse(await api.registrations[':id'].$get({ param: { id } }));
}

export const registrationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.registration(id),
    queryFn: () => getRegistration(id),
    // Email status moves while the page is open (queued → sent): look again every few seconds while anything is pending.
    refetchInterval: (query) => (query.state.data?.emails.some((email) => email.status === 'queued' || email.status === 'sending') ? 3000 : false),
    staleTime: 0,
  });

export function useRegistration(id: string) {
  return useQuery(registrationQueryOptions(id));
}
