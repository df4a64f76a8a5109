import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { CategorySlug } from '@domain/categories';
import { MODERATION_PAGE_SIZE, type ModerationShow, type RoundState } from '@domain/judging';
import { api, readResponse } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** The judging round of a level and the judges' progress (issue 24). */
export type JudgingRound = InferResponseType<(typeof api.judging.rounds)[':levelId']['$get'], 200>;
export type Moderation = InferResponseType<(typeof api.judging.rounds)[':id']['moderation']['$get'], 200>;
export type ModeratedEntry = Moderation['entries'][number];

export const judgingRoundQueryOptions = (levelId: 'level1') =>
  queryOptions({
    queryKey: adminKeys.judgingRound(levelId),
    queryFn: async () => readResponse(api.judging.rounds[':levelId'].$get({ param: { levelId } })),
  });

export function useJudgingRound(levelId: 'level1') {
  return useQuery(judgingRoundQueryOptions(levelId));
}

/** What the moderation view is narrowed to: one contest ('' for all) and which entries. */
export type ModerationView = { contest: CategorySlug | ''; show: ModerationShow };

/**
 * The moderation view a page at a time, as the registrations table pages: the view is part of
 * the key, and the previous rows stay on screen while another view loads. A judging mutation
 * refetches every loaded page, so an action on any page shows its result.
 */
export const moderationQueryOptions = (roundId: string, view: ModerationView) =>
  infiniteQueryOptions({
    queryKey: [...adminKeys.moderation(roundId), view],
    queryFn: async ({ pageParam, signal }) => {
      const query = { show: view.show, limit: String(MODERATION_PAGE_SIZE), ...(view.contest ? { contest: view.contest } : {}), ...(pageParam ? { cursor: pageParam } : {}) };
      return readResponse(api.judging.rounds[':id'].moderation.$get({ param: { id: roundId }, query }, { init: { signal } }));
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

export function useModeration(roundId: string | null, view: ModerationView) {
  return useInfiniteQuery({ ...moderationQueryOptions(roundId ?? '', view), enabled: roundId !== null });
}

function useJudgingMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => void client.invalidateQueries({ queryKey: adminKeys.judging() }) });
}

/** Opens the level's round, or adds the entries that became ready since. */
export function useOpenRound() {
  return useJudgingMutation(async (levelId: 'level1') => readResponse(api.judging.rounds.$post({ json: { levelId } })));
}

/** Moves the round; publishing while entries need a look takes the admin's written reason. */
export function useMoveRound() {
  return useJudgingMutation(async ({ id, from, to, reason }: { id: string; from: RoundState; to: RoundState; reason?: string }) =>
    readResponse(api.judging.rounds[':id'].state.$post({ param: { id }, json: { from, to, ...(reason ? { reason } : {}) } })),
  );
}

/** One more judge for an entry whose judges disagree. */
export function useAddJudge() {
  return useJudgingMutation(async ({ id, entryId }: { id: string; entryId: string }) =>
    readResponse(api.judging.rounds[':id'].entries[':entryId'].judges.$post({ param: { id, entryId } })),
  );
}

/** Takes a judge off an entry; another fitting judge takes their place. */
export function useRemoveJudge() {
  return useJudgingMutation(async ({ id, entryId, judgeId }: { id: string; entryId: string; judgeId: string }) =>
    readResponse(api.judging.rounds[':id'].entries[':entryId'].judges[':judgeId'].$delete({ param: { id, entryId, judgeId } })),
  );
}

/** An admin's wording of a judge's note to the family (null: the judge's own), or hiding it, before publishing (issue 49). */
export function useModerateNote() {
  return useJudgingMutation(async ({ id, entryId, judgeId, text, hidden }: { id: string; entryId: string; judgeId: string; text: string | null; hidden: boolean }) =>
    readResponse(api.judging.rounds[':id'].entries[':entryId'].notes[':judgeId'].$put({ param: { id, entryId, judgeId }, json: { text, hidden } })),
  );
}
