import { queryOptions } from '@tanstack/react-query';
import { api, readResponse } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/venue/summary: each in-person session's figures, by staff member and device. */
export const venueSummaryOptions = () =>
  queryOptions({
    queryKey: adminKeys.venueSummary(),
    queryFn: ({ signal }) => readResponse(api.venue.summary.$get(undefined, { init: { signal } })),
    refetchInterval: 30_000,
  });
