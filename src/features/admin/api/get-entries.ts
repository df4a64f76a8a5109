import type { CategorySlug } from '@domain/categories';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, apiHref, readResponse } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** One contest's entries at one level (issue 23): state, length, size and files. */
export type EntryList = InferResponseType<typeof api.entries.$get, 200>;
export type AdminEntry = EntryList['entries'][number];
type Contest = { category: CategorySlug; level: 'level1' | 'level2' };

/** Entries a page at a time, as the registrations table pages. */
export const ENTRIES_PAGE_SIZE = 100;

export async function getEntries({ category, level }: Contest, cursor: string | null, signal?: AbortSignal): Promise<EntryList> {
  const query = { category, level, limit: String(ENTRIES_PAGE_SIZE), ...(cursor ? { cursor } : {}) };
  return readResponse(await api.entries.$get({ query }, { init: { signal: signal ?? null } }));
}

/**
 * One infinite query per contest, newest first. Looked at again while an entry is being checked
 * (minutes), not while one is still being sent (maybe days).
 */
export const entriesQueryOptions = (contest: Contest) =>
  infiniteQueryOptions({
    queryKey: adminKeys.entries(contest.category, contest.level),
    queryFn: ({ pageParam, signal }) => getEntries(contest, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: (query) => ((query.state.data?.pages[0]?.queue.waiting ?? 0) > 0 ? 5_000 : false),
  });

export function useEntries(contest: Contest) {
  return useInfiniteQuery(entriesQueryOptions(contest));
}

/** Where the player (or the image) reads one file of an entry: streamed, with range requests. */
export const entryFileHref = (entryId: string, position: number, part: 'media' | 'poster') =>
  apiHref(api.entries[':id'].files[':position'][':part'].$path({ param: { id: entryId, position: String(position), part } }));
