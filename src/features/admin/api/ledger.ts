import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { LedgerEntryInput } from '@domain/fees';
import { api, readResponse } from '@/lib/api-client';
import { adminKeys } from './query-keys';

type RecordAnswer = InferResponseType<(typeof api.registrations)[':id']['ledger']['$post'], 201>;
type VoidAnswer = InferResponseType<(typeof api.registrations)[':id']['ledger'][':entryId']['void']['$post'], 200>;

/** Records a payment, waiver or refund on a registration (ADR 024). */
export async function recordLedgerEntry(id: string, entry: LedgerEntryInput): Promise<RecordAnswer> {
  return readResponse(await api.registrations[':id'].ledger.$post({ param: { id }, json: entry }));
}

/** Voids an entry made by mistake: it stays in the ledger, marked, and stops counting. */
export async function voidLedgerEntry(id: string, entryId: string, reason: string): Promise<VoidAnswer> {
  return readResponse(await api.registrations[':id'].ledger[':entryId'].void.$post({ param: { id, entryId }, json: { reason } }));
}

/** Either change refreshes the registration's detail and the list (its payment filter). */
function useLedgerChange<Input, Answer>(id: string, send: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export const useRecordLedgerEntry = (id: string) => useLedgerChange(id, (entry: LedgerEntryInput) => recordLedgerEntry(id, entry));
export const useVoidLedgerEntry = (id: string) =>
  useLedgerChange(id, ({ entryId, reason }: { entryId: string; reason: string }) => voidLedgerEntry(id, entryId, reason));
