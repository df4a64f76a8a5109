import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { liveQuery } from 'dexie';
import { useEffect } from 'react';
import { getRecord, listRecords } from './outbox';
import type { OutboxRecord } from './outbox-db';

export const outboxKeys = {
  all: ['outbox'] as const,
  list: () => [...outboxKeys.all, 'list'] as const,
  record: (id: string) => [...outboxKeys.all, 'record', id] as const,
};

export const outboxListOptions = () =>
  queryOptions({ queryKey: outboxKeys.list(), queryFn: () => listRecords(), staleTime: Infinity, retry: false });

export const outboxRecordOptions = (id: string) =>
  queryOptions({
    queryKey: outboxKeys.record(id),
    queryFn: async () => (await getRecord(id)) ?? null,
    staleTime: Infinity,
    retry: false,
  });

/**
 * Keeps a query over IndexedDB fresh: Dexie's liveQuery reports every change, from this tab or
 * another one, and the new value goes straight into the React Query cache.
 */
function useLiveQueryData<T>(queryKey: readonly unknown[], read: () => Promise<T>, enabled: boolean): void {
  const client = useQueryClient();
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    if (!enabled) return;
    const subscription = liveQuery(read).subscribe({
      next: (value) => client.setQueryData(JSON.parse(key) as unknown[], value),
      error: () => void client.invalidateQueries({ queryKey: JSON.parse(key) as unknown[] }),
    });
    return () => subscription.unsubscribe();
    // `read` is derived from the key; resubscribing on every render would be wasteful.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, key, enabled]);
}

/** Every record in this device's outbox, oldest first, live. */
export function useOutboxRecords() {
  useLiveQueryData(outboxKeys.list(), () => listRecords(), true);
  return useQuery(outboxListOptions());
}

/** One outbox record, live (null once it is gone). */
export function useOutboxRecord(id: string | null) {
  useLiveQueryData(outboxKeys.record(id ?? ''), async () => (id ? ((await getRecord(id)) ?? null) : null), id !== null);
  return useQuery({ ...outboxRecordOptions(id ?? ''), enabled: id !== null });
}

export type { OutboxRecord };
