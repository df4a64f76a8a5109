import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useInterval } from '@/hooks/use-interval';
import { useLiveQuery } from '@/lib/live-query';
import type { PendingUpload, UploadProgress } from '../api/entry-uploads';
import { familyKeys } from '../api/family-keys';

/**
 * The code that keeps and sends entries (Dexie, the smaller copies; the tus client only once a file
 * is sent), loaded once a card to send an entry is shown: most families' pages never show one, and
 * the others draw first (ADR 032).
 */
export const loadEntryUploads = () => import('../api/entry-uploads');
type EntryUploads = Awaited<ReturnType<typeof loadEntryUploads>>;

type WakeLockSentinelLike = { release(): Promise<void> };
type WakeLockNavigator = Navigator & { wakeLock?: { request(type: 'screen'): Promise<WakeLockSentinelLike> } };

/**
 * Sends this link's entries waiting on the device while the page is open: at once, again when
 * the connection returns, and after a reload or a reopened browser. The screen stays awake while
 * bytes go, where the browser allows it (a phone that sleeps pauses the page, and the upload).
 */
export function useEntryUploads(token: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<EntryUploads | null>(null);
  useEffect(() => {
    if (!enabled || uploads) return;
    let stopped = false;
    // Offline, a chunk never fetched before cannot come: nothing waits on this device then either.
    loadEntryUploads().then(
      (loaded) => {
        if (!stopped) setUploads(loaded);
      },
      () => undefined,
    );
    return () => {
      stopped = true;
    };
  }, [enabled, uploads]);
  const pending = useLiveQuery<PendingUpload[]>(`entry-uploads:${token}`, () => uploads!.pendingUploadsOf(token), uploads !== null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [online, setOnline] = useState(() => navigator.onLine);
  const running = useRef<AbortController | null>(null);

  const run = useCallback(() => {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    let wakeLock: WakeLockSentinelLike | null = null;
    void (navigator as WakeLockNavigator).wakeLock
      ?.request('screen')
      .then((lock) => {
        wakeLock = lock;
      })
      .catch(() => undefined);
    const send = async () =>
      (await loadEntryUploads()).sendPendingEntries(
        token,
        (next) => {
          // A transition: React renders progress in slices, so the page's thread is never held long (issue 48).
          startTransition(() => setProgress(next));
          if (next === null || (next.phase === 'sending' && next.sent === next.total)) void queryClient.invalidateQueries({ queryKey: familyKeys.entries() });
        },
        controller.signal,
      );
    // One tab sends; another tab of the same page shows the files waiting and leaves them to it.
    const oneTab = navigator.locks
      ? navigator.locks.request(`ktc-entry-uploads:${token}`, { ifAvailable: true }, async (lock) => (lock ? send() : undefined))
      : send();
    void oneTab
      .catch(() => undefined)
      .finally(() => {
        void wakeLock?.release().catch(() => undefined);
        running.current = null;
        void queryClient.invalidateQueries({ queryKey: familyKeys.entries() });
      });
  }, [token, queryClient]);

  useEffect(() => {
    const wentOnline = () => {
      setOnline(true);
      run();
    };
    const wentOffline = () => setOnline(false);
    window.addEventListener('online', wentOnline);
    window.addEventListener('offline', wentOffline);
    return () => {
      window.removeEventListener('online', wentOnline);
      window.removeEventListener('offline', wentOffline);
    };
  }, [run]);

  // Whenever something waits (a file just chosen, or left from an earlier visit), send it.
  const waiting = pending.data?.some((upload) => upload.refused === null) ?? false;
  // A copy to make does not need the connection: the phone makes it offline too (issue 48).
  const copying = pending.data?.some((upload) => upload.copy === 'making') ?? false;
  useEffect(() => {
    if (waiting && (navigator.onLine || copying)) run();
  }, [waiting, copying, run]);

  // After a failure that outlasted tus's own retries (the server down for minutes), try again.
  useInterval(run, waiting && online ? 30_000 : null);

  // Leaving the page stops the transfer; what was sent stays on the server, the rest on the device.
  useEffect(() => () => running.current?.abort(), []);

  return { pending: pending.data ?? [], progress, online, retry: run };
}
