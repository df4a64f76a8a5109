import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Overview } from '@domain/overview';
import { apiFetch } from '@/lib/api-client';
import { adminKeys } from './query-keys';

export type { Overview };

/** GET /api/overview: the season at a glance (counts only). */
export function getOverview(signal?: AbortSignal): Promise<Overview> {
  return apiFetch<Overview>('/api/overview', { signal });
}

export const overviewQueryOptions = () => queryOptions({ queryKey: adminKeys.overview(), queryFn: ({ signal }) => getOverview(signal) });

export function useOverview() {
  return useQuery(overviewQueryOptions());
}
