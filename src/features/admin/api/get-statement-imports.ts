import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readResponse } from '@/lib/api-client';
import { adminKeys } from './query-keys';

export type StatementImport = InferResponseType<typeof api.statements.imports.$get, 200>['items'][number];

/** The statement imports, newest first: file, who, when, lines and matches, and whether undone. */
export const statementImportsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.statementImports(),
    queryFn: async () => readResponse(await api.statements.imports.$get()),
  });

export const useStatementImports = () => useQuery(statementImportsQueryOptions());
