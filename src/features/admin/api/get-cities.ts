import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { adminKeys } from './query-keys';

export const citiesQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.cities(),
    queryFn: ({ signal }) => apiFetch<{ cities: string[] }>('/api/registrations/cities', { signal }),
    select: (data) => data.cities,
    staleTime: 5 * 60_000,
  });
