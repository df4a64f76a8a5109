import type { CategorySlug } from '@domain/categories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, apiHref, readResponse } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** One contest's entries at one level (issue 23): state, length, size and files. */
export type EntryList = InferResponseType<typeof api.entries.$get, 200>;
export type AdminEntry = EntryList['entries'][number];
type Contest = { category: CategorySlug; level: 'level1' | 'level2' };

export async function getEntries({ category, level }: Contest): Promise<EntryList> {
  return readResponse(await api.entries.$get({ query: { category, level } }));
}

/** Looked at again while an entry is being checked (minutes), not while one is still being sent (maybe days). */
export const entriesQueryOptions = (contest: Contest) =>
  queryOptions({
    queryKey: adminKeys.entries(contest.category, contest.level),
    queryFn: () => getEntries(contest),
    refetchInterval: (query) => ((query.state.data?.queue.waiting ?? 0) > 0 ? 5_000 : false),
  });

export function useEntries(contest: Contest) {
  return useQuery(entriesQueryOptions(contest));
}

/** Where the player (or the image) reads one file of an entry: streamed, with range requests. */
export const entryFileHref = (entryId: string, position: number, part: 'media' | 'poster') =>
  apiHref(api.entries[':id'].files[':position'][':part'].$path({ param: { id: entryId, position: String(position), part } }));
