import { queryOptions } from '@tanstack/react-query';
import { api, readResponse } from '@/lib/api-client';
import { adminKeys } from './query-keys';

export const citiesQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.cities(),
    queryFn: ({ signal }) => readResponse(api.registrations.cities.$get(undefined, { init: { signal } })),
    select: (data) => data.cities,
    staleTime: 5 * 60_000,
  });
