import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readResponse } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** Open requests first, the nearest deadline first (overdue marked), then recent completed ones. */
export type ErasureRequestList = InferResponseType<(typeof api)['erasure-requests']['$get'], 200>;
export type ErasureRequestItem = ErasureRequestList['items'][number];

export async function getErasureRequests(): Promise<ErasureRequestList> {
  return readResponse(await api['erasure-requests'].$get());
}

export const erasureRequestsQueryOptions = () => queryOptions({ queryKey: adminKeys.erasureRequests(), queryFn: getErasureRequests });

export function useErasureRequests() {
  return useQuery(erasureRequestsQueryOptions());
}
