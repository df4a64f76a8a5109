import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readResponse } from '@/lib/api-client';

/**
 * The venue sessions a judge sits on (issue 45), and each one as the tablet downloads it: the
 * rubric and the running order as numbers. Both are kept on the device (localStorage), so a
 * tablet that lost the hall's connection, or was reloaded there, still has them. Nothing kept
 * names a child: the server never sends it.
 */
export type LiveSessions = InferResponseType<(typeof api.judge.live)['$get'], 200>;
export type LiveSessionCard = LiveSessions['sessions'][number];
export type LiveSessionDownload = InferResponseType<(typeof api.judge.live)[':sessionId']['$get'], 200>;

const KEPT = 'ktc-judge-live';
const keptKey = (sessionId: string) => `${KEPT}:${sessionId}`;

function kept<T>(key: string): T | null {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null') as T | null;
  } catch {
    return null;
  }
}

/** Online: from the server, kept. Offline (the request cannot be made): the kept copy, if any. */
async function withKeptCopy<T extends object>(key: string, load: () => Promise<T>): Promise<T & { keptAt?: string }> {
  try {
    const fresh = await load();
    const copy = { ...fresh, keptAt: new Date().toISOString() };
    localStorage.setItem(key, JSON.stringify(copy));
    return copy;
  } catch (error) {
    const copy = kept<T & { keptAt: string }>(key);
    if (copy && error instanceof TypeError) return copy;
    throw error;
  }
}

export const liveSessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['judge', 'live'] as const,
    queryFn: () => withKeptCopy(KEPT, () => readResponse(api.judge.live.$get())),
    networkMode: 'always',
    retry: false,
  });

export function useLiveSessions() {
  return useQuery(liveSessionsQueryOptions());
}

export const liveSessionQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['judge', 'live', sessionId] as const,
    queryFn: () => withKeptCopy(keptKey(sessionId), () => readResponse(api.judge.live[':sessionId'].$get({ param: { sessionId } }))),
    networkMode: 'always',
    retry: false,
    // The running order changes as staff mark performers: asked again while the tablet is online.
    refetchInterval: 15_000,
  });

export function useLiveSession(sessionId: string) {
  return useQuery(liveSessionQueryOptions(sessionId));
}

/** Forgets every kept session (signing out). */
export function forgetLiveSessions(): void {
  for (const key of Object.keys(localStorage)) if (key.startsWith(KEPT)) localStorage.removeItem(key);
}
