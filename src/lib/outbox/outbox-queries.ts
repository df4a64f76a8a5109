import { useLiveQuery } from '@/lib/live-query';
import { getRecord, listRecords } from './outbox';

/** Every record in this device's outbox, oldest first, live (from this tab or another). */
export function useOutboxRecords() {
  return useLiveQuery('outbox:list', () => listRecords());
}

/** One outbox record, live (null once it is gone). */
export function useOutboxRecord(id: string | null) {
  return useLiveQuery(`outbox:record:${id ?? ''}`, async () => (id ? ((await getRecord(id)) ?? null) : null), id !== null);
}
