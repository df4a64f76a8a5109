import { useEffect, useRef, useState } from 'react';
import { apiHref, API_HEADERS } from '@/lib/api-client';

/** What the hall screen shows (GET /api/live/<session>): the session, and its results once published. */
export type HallFeed = {
  session: { id: string; title: string; venue: string; date: string; startTime: string; category: string; ageBand: string | null; judging: 'panel' | 'race' };
  state: 'scoring' | 'published';
  publishedAt: string | null;
  results: { place: number; number: number | null; final: number | null; timeMs: number | null; award: string; name: string }[] | null;
};

/** Asked this often: a publish shows within about a second (the answer is a 304 while nothing changed). */
export const HALL_POLL_MS = 1_000;

/**
 * The hall screen's feed, asked every second with the last ETag. When the connection drops, the
 * screen keeps what it last showed and says it is reconnecting; it never goes blank.
 */
export function useHallFeed(sessionId: string) {
  const [feed, setFeed] = useState<HallFeed | null>(null);
  const [problem, setProblem] = useState<'offline' | 'not-found' | null>(null);
  const etag = useRef<string | null>(null);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        const headers: Record<string, string> = { ...API_HEADERS };
        if (etag.current) headers['If-None-Match'] = etag.current;
        const response = await fetch(apiHref(`/live/${encodeURIComponent(sessionId)}`), { headers, cache: 'no-store' });
        if (!live) return;
        if (response.status === 404) setProblem('not-found');
        else if (response.ok) {
          etag.current = response.headers.get('ETag');
          setFeed((await response.json()) as HallFeed);
          setProblem(null);
        } else if (response.status === 304) setProblem(null);
        else setProblem('offline');
      } catch {
        if (live) setProblem('offline');
      }
      if (live) timer = setTimeout(() => void ask(), HALL_POLL_MS);
    };
    void ask();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [sessionId]);
  return { feed, problem };
}
