import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { VitalsPeriod } from '@domain/vitals';
import { api, readResponse } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/overview/vitals: real visitors' speed, p75 per page and language (ADR 030). */
export type VitalsSummary = InferResponseType<typeof api.overview.vitals.$get, 200>;

export function getVitals(days: VitalsPeriod, signal?: AbortSignal): Promise<VitalsSummary> {
  return readResponse(api.overview.vitals.$get({ query: { days: String(days) } }, { init: { signal: signal ?? null } }));
}

export const vitalsQueryOptions = (days: VitalsPeriod) =>
  queryOptions({ queryKey: adminKeys.vitals(days), queryFn: ({ signal }) => getVitals(days, signal), placeholderData: keepPreviousData });

export function useVitals(days: VitalsPeriod) {
  return useQuery(vitalsQueryOptions(days));
}
