import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { ResolveRowInput } from '@domain/statements';
import { api, readResponse } from '@/lib/api-client';
import { adminKeys } from './query-keys';

type ResolveAnswer = InferResponseType<(typeof api.statements.rows)[':id']['resolve']['$post'], 200>;

/** Settles an overpaid or double-paid line: refunded (the refund recorded now or chosen) or kept, with why. */
export async function resolveStatementRow(id: string, resolution: ResolveRowInput): Promise<ResolveAnswer> {
  return readResponse(await api.statements.rows[':id'].resolve.$post({ param: { id }, json: resolution }));
}

/** The lines, the refunds to make and every registration's payment are looked at again. */
export function useResolveStatementRow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, resolution }: { id: string; resolution: ResolveRowInput }) => resolveStatementRow(id, resolution),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
