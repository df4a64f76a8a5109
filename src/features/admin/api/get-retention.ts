import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readResponse } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/retention: when the season's personal data is erased, and what is left (server/retention). */
export const retentionQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.retention(),
    queryFn: ({ signal }) => readResponse(api.retention.$get(undefined, { init: { signal } })),
  });

export function useRetention() {
  return useQuery(retentionQueryOptions());
}
