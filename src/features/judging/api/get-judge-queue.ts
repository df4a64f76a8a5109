import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, apiHref, readResponse } from '@/lib/api-client';

/** A judge's queue (GET /api/judge/queue): blind entries, each with the judge's own sheet if sent. */
export type JudgeQueue = InferResponseType<typeof api.judge.queue.$get, 200>;
export type QueueEntry = JudgeQueue['entries'][number];

const KEPT = 'ktc-judge-queue';

/**
 * The queue from the server, kept on the device too, so a judge who reloads the page offline (on
 * a train) still has it. The copy holds no child's details: the queue never does.
 */
export async function getJudgeQueue(): Promise<JudgeQueue> {
  try {
    // Pages of 200, one after another: the whole queue is what the page lists and keeps.
    const queue = await readResponse(api.judge.queue.$get({ query: {} }));
    for (let next = queue.next; next !== null; ) {
      const page = await readResponse(api.judge.queue.$get({ query: { after: String(next) } }));
      queue.entries.push(...page.entries);
      next = page.next;
    }
    queue.next = null;
    localStorage.setItem(KEPT, JSON.stringify(queue));
    return queue;
  } catch (error) {
    const kept = keptQueue();
    if (kept && error instanceof TypeError) return kept;
    throw error;
  }
}

export function keptQueue(): JudgeQueue | null {
  try {
    return JSON.parse(localStorage.getItem(KEPT) ?? 'null') as JudgeQueue | null;
  } catch {
    return null;
  }
}

export function forgetQueue(): void {
  localStorage.removeItem(KEPT);
}

export const judgeQueueQueryOptions = () =>
  queryOptions({
    queryKey: ['judge', 'queue'] as const,
    queryFn: getJudgeQueue,
    networkMode: 'always',
    retry: false,
  });

export function useJudgeQueue() {
  return useQuery(judgeQueueQueryOptions());
}

/** Where the judge's player (or image) reads one file of an entry. */
export const judgeFileHref = (entryId: string, position: number, part: 'media' | 'poster') =>
  apiHref(api.judge.entries[':entryId'].files[':position'][':part'].$path({ param: { entryId, position: String(position), part } }));
