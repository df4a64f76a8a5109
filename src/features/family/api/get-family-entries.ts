import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readResponse } from '@/lib/api-client';
import { useDeferredQuery } from '@/lib/query-client';
import { bearer, familyKeys } from './family-keys';

/** What `GET /api/family/entries` answers: each contest, what it asks for, and its entries. */
export type FamilyEntriesAnswer = InferResponseType<typeof api.family.entries.$get, 200>;
export type FamilyContest = FamilyEntriesAnswer['contests'][number];
export type FamilyEntry = NonNullable<FamilyContest['counting']>;

export async function getFamilyEntries(token: string): Promise<FamilyEntriesAnswer> {
  return readResponse(await api.family.entries.$get(undefined, bearer(token)));
}

/**
 * Looked at again every few seconds while an entry is being checked (a video takes a minute or
 * two), not while bytes are still coming (the upload itself refreshes it when it ends): each look
 * is an audited read.
 */
export const familyEntriesQueryOptions = (token: string) =>
  queryOptions({
    queryKey: familyKeys.entries(),
    queryFn: () => getFamilyEntries(token),
    refetchInterval: (query) =>
      query.state.data?.contests.some((contest) => contest.latest?.status === 'checking') ? 4_000 : false,
  });

export function useFamilyEntries(token: string) {
  return useDeferredQuery(familyEntriesQueryOptions(token));
}

/** One entry file's thumbnail as an object URL (the image needs the link's token, so no plain <img src>). */
export async function getEntryThumbnail(token: string, entryId: string, position: number): Promise<string> {
  const response = await api.family.entries[':id'].files[':position'].thumbnail.$get({ param: { id: entryId, position: String(position) } }, bearer(token));
  if (!response.ok) throw new Error(`thumbnail ${response.status}`);
  return URL.createObjectURL(await response.blob());
}
