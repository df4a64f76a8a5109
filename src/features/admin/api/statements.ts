import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { ColumnMapping, StatementRowState } from '@domain/statements';
import { api, apiHref, readResponse } from '@/lib/api-client';
import { adminKeys } from './query-keys';

export type StatementPreview = InferResponseType<typeof api.statements.preview.$post, 200>;
export type ImportSummary = InferResponseType<typeof api.statements.import.$post, 201>;
export type StatementRows = InferResponseType<typeof api.statements.rows.$get, 200>;
export type StatementRow = StatementRows['items'][number];

/**
 * The file goes as the body, as it is: the server reads it as a stream (ADR 024). The headers go
 * through the client's own option, so its X-Requested-With (the CSRF proof) stays.
 */
const asBody = (file: File) => ({ headers: { 'Content-Type': file.type || 'text/csv' }, init: { body: file } });

export async function previewStatement(file: File): Promise<StatementPreview> {
  return readResponse(await api.statements.preview.$post(undefined, asBody(file)));
}

export async function importStatement(file: File, mapping: ColumnMapping | null): Promise<ImportSummary> {
  const query = { fileName: file.name, ...(mapping ? { mapping: JSON.stringify(mapping) } : {}) };
  return readResponse(await api.statements.import.$post({ query }, asBody(file)));
}

/** Statement lines a page at a time, by offset (the order puts the lines waiting for a person first). */
export const STATEMENT_ROWS_PAGE_SIZE = 200;

export const statementRowsQueryOptions = (state: StatementRowState | null) =>
  infiniteQueryOptions({
    queryKey: [...adminKeys.statements(), state],
    queryFn: async ({ pageParam, signal }) =>
      readResponse(await api.statements.rows.$get({ query: { state: state ?? '', limit: String(STATEMENT_ROWS_PAGE_SIZE), offset: String(pageParam) } }, { init: { signal } })),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return last.items.length > 0 && loaded < last.total ? loaded : undefined;
    },
    placeholderData: keepPreviousData,
  });

export const useStatementRows = (state: StatementRowState | null) => useInfiniteQuery(statementRowsQueryOptions(state));

/** A person's decision on a row; the rows and every registration's payment are looked at again. */
function useRowChange<Input, Answer>(send: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }) });
}

export const useImportStatement = () => useRowChange(({ file, mapping }: { file: File; mapping: ColumnMapping | null }) => importStatement(file, mapping));
export const useMatchRow = () =>
  useRowChange(async ({ id, referenceCodes }: { id: string; referenceCodes: string[] }) =>
    readResponse(await api.statements.rows[':id'].match.$post({ param: { id }, json: { referenceCodes } })),
  );
export const useUnmatchRow = () => useRowChange(async (id: string) => readResponse(await api.statements.rows[':id'].unmatch.$post({ param: { id } })));
export const useIgnoreRow = () =>
  useRowChange(async ({ id, ignore }: { id: string; ignore: boolean }) => readResponse(await api.statements.rows[':id'].ignore.$post({ param: { id }, json: { ignore } })));

/**
 * The ledger's entries as a CSV for the accounts (date, code, child, amount, method, reference,
 * receipt number), of the days from and to (in Chennai, both included) when given.
 */
export const accountsCsvUrl = (days: { from?: string; to?: string } = {}) =>
  apiHref(api.ledger['export.csv'].$path({ query: Object.fromEntries(Object.entries(days).filter(([, day]) => day)) }));
