import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readResponse } from '@/lib/api-client';
import { adminKeys } from './query-keys';

export type UnpaidAfterDeadline = InferResponseType<(typeof api.ledger)['unpaid-after-deadline']['$get'], 200>;

/** Once registrations have closed, the registrations still owing their online fee, with their last reminder. */
export const unpaidAfterDeadlineQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.unpaidAfterDeadline(),
    queryFn: async () => readResponse(await api.ledger['unpaid-after-deadline'].$get()),
  });

export const useUnpaidAfterDeadline = () => useQuery(unpaidAfterDeadlineQueryOptions());
