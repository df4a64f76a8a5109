import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readResponse } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** Ready entries whose stored file is missing (after a restore from a backup that lacked it; issue 49). */
export type MissingEntryFiles = InferResponseType<(typeof api.entries)['missing-files']['$get'], 200>;

export const missingEntryFilesQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.missingEntryFiles(),
    queryFn: async ({ signal }) => readResponse(await api.entries['missing-files'].$get(undefined, { init: { signal } })),
  });

export const useMissingEntryFiles = () => useQuery(missingEntryFilesQueryOptions());
