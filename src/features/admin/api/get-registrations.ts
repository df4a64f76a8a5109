import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, apiHref, readResponse } from '@/lib/api-client';
import { filtersToApiQuery, type RegistrationFilters } from '../utils/registration-filters';
import { adminKeys } from './query-keys';

/** One page of the admin's list, as the server types it (server/routes/registrations). */
export type RegistrationPage = InferResponseType<typeof api.registrations.$get, 200>;
export type AdminRegistration = RegistrationPage['items'][number];

export const REGISTRATIONS_PAGE_SIZE = 100;

export function getRegistrations(
  filters: RegistrationFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<RegistrationPage> {
  const extra: Record<string, string> = { limit: String(REGISTRATIONS_PAGE_SIZE) };
  if (cursor) extra.cursor = cursor;
  const query = Object.fromEntries(new URLSearchParams(filtersToApiQuery(filters, extra)));
  return readResponse(api.registrations.$get({ query }, { init: { signal: signal ?? null } }));
}

/**
 * One infinite query per view. The filters are part of the key, so an older search's answer can
 * never overwrite a newer one, and the previous rows stay on screen while the next view loads.
 */
export const registrationsQueryOptions = (filters: RegistrationFilters) =>
  infiniteQueryOptions({
    queryKey: adminKeys.registrationList(filters),
    queryFn: ({ pageParam, signal }) => getRegistrations(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

export function exportCsvUrl(filters: RegistrationFilters): string {
  return apiHref(api.registrations['export.csv'].$path({ query: Object.fromEntries(new URLSearchParams(filtersToApiQuery(filters))) }));
}
