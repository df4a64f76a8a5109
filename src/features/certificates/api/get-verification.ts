import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readResponse } from '@/lib/api-client';

/** What a certificate says and whether it is valid (issue 25): the verification page's one read. */
export type Verification = InferResponseType<(typeof api.verify)[':id']['$get'], 200>;

export const certificateKeys = {
  all: ['certificates'] as const,
  verification: (id: string) => [...certificateKeys.all, 'verification', id] as const,
};

export const verificationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: certificateKeys.verification(id),
    queryFn: async () => readResponse(await api.verify[':id'].$get({ param: { id } })),
    retry: false,
  });

export function useVerification(id: string) {
  return useQuery(verificationQueryOptions(id));
}
