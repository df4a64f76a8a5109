import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readResponse } from '@/lib/api-client';
import { adminKeys } from './query-keys';

type UndoAnswer = InferResponseType<(typeof api.statements.imports)[':id']['undo']['$post'], 200>;

/** Undoes a whole import: its payments voided, the families whose receipt went out told, its lines removed. */
export async function undoStatementImport(id: string): Promise<UndoAnswer> {
  return readResponse(await api.statements.imports[':id'].undo.$post({ param: { id } }));
}

/** The imports, the lines and every registration's payment are looked at again. */
export function useUndoStatementImport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: undoStatementImport, onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }) });
}
