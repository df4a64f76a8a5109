import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, apiHref, readResponse } from '@/lib/api-client';
import { adminKeys } from './query-keys';

export type RefundToMake = InferResponseType<typeof api.statements.refunds.$get, 200>['items'][number];

/** The overpaid and double-paid credits nobody resolved yet, with the payer's details as the statement gave them. */
export const refundsToMakeQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.refundsToMake(),
    queryFn: async () => readResponse(await api.statements.refunds.$get()),
  });

export const useRefundsToMake = () => useQuery(refundsToMakeQueryOptions());

/** The same list as a CSV, for the bank's bulk refunds or the accountant's sheet. */
export const refundsCsvUrl = () => apiHref(api.statements['refunds.csv'].$path());
