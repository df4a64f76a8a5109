import type { Language } from '@domain/languages';
import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import type { Registration } from '@domain/registration';
import { apiFetch } from '@/lib/api-client';
import { filtersToApiQuery, type RegistrationFilters } from '../utils/registration-filters';
import { adminKeys } from './query-keys';

/** The language the family registered in (the API has sent it since the families issue). */
export type AdminRegistration = Registration & { possibleDuplicate: boolean; deletedAt: string | null; language?: Language };

export type RegistrationPage = {
  items: AdminRegistration[];
  total: number;
  filtered: number;
  nextCursor: string | null;
};

export const REGISTRATIONS_PAGE_SIZE = 100;

export function getRegistrations(
  filters: RegistrationFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<RegistrationPage> {
  const extra: Record<string, string> = { limit: String(REGISTRATIONS_PAGE_SIZE) };
  if (cursor) extra.cursor = cursor;
  return apiFetch<RegistrationPage>(`/api/registrations?${filtersToApiQuery(filters, extra)}`, { signal });
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
  return `/api/registrations/export.csv?${filtersToApiQuery(filters)}`;
}
