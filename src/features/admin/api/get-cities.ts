import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { apiFetch, type api } from '@/lib/api-client';
import { adminKeys } from './query-keys';

export const citiesQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.cities(),
    queryFn: ({ signal }) => apiFetch<InferResponseType<typeof api.registrations.cities.$get, 200>>('/api/registrations/cities', { signal }),
    select: (data) => data.cities,
    staleTime: 5 * 60_000,
  });
