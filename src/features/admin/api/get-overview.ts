import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readResponse } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/overview: the season at a glance (counts only). */
export type Overview = InferResponseType<typeof api.overview.$get, 200>;

export function getOverview(signal?: AbortSignal): Promise<Overview> {
  return readResponse(api.overview.$get(undefined, { init: { signal: signal ?? null } }));
}

export const overviewQueryOptions = () => queryOptions({ queryKey: adminKeys.overview(), queryFn: ({ signal }) => getOverview(signal) });

export function useOverview() {
  return useQuery(overviewQueryOptions());
}
