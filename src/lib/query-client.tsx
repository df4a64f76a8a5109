import { QueryClient, QueryClientProvider, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useDeferredValue, type ComponentType, type ReactNode } from 'react';
import { ApiRequestError } from './api-client';

/**
 * One client for the whole app. It is provided by the pages that read server data (not by the
 * shell), so React Query stays out of the entry chunk that every first visit downloads.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx will not fix itself; retry only network errors and 5xx.
      retry: (failureCount, error) =>
        failureCount < 2 && !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** `Component` inside the QueryProvider: a part of a page that reads server data or the outbox. */
export function withQueryProvider<Props extends object>(Component: ComponentType<Props>): ComponentType<Props> {
  function WithQueryProvider(props: Props) {
    return (
      <QueryProvider>
        <Component {...props} />
      </QueryProvider>
    );
  }
  WithQueryProvider.displayName = `withQueryProvider(${Component.displayName ?? Component.name})`;
  return WithQueryProvider;
}

/**
 * A query whose answer React draws in a background render (ADR 032). React Query hands each
 * answer to React as an urgent store update, which React renders in one task it cannot slice; on
 * a slow phone a section drawn that way held the page for 74-153 ms. Here the urgent render sees
 * the previous answer (before the first one, nothing: the section draws nothing yet), and the new
 * one follows in React's interruptible slices. `isError` is not deferred: a failure shows at once.
 */
export function useDeferredQuery<Data, Key extends QueryKey>(options: UseQueryOptions<Data, Error, Data, Key>): { data: Data | undefined; isError: boolean } {
  const { data, isError } = useQuery(options);
  return { data: useDeferredValue(data), isError };
}
