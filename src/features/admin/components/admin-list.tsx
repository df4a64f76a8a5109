import { LoadMoreButton } from './load-more-button';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { adminListQueryOptions, type AdminListItem } from '../api/get-admin-list';
import type { AdminListResource } from '../api/query-keys';
import { useRedirectWhenSignedOut } from '../hooks/use-redirect-when-signed-out';
import { PlainTable } from './plain-table';
import { AdminPage, LoadFailed } from './admin-page';

export type Column<T> = { header: string; cell: (item: T) => ReactNode; className?: string };

type Props<R extends AdminListResource> = {
  resource: R;
  title: string;
  /** e.g. 'judge applications': used in the loading, error and empty messages. */
  noun: string;
  columns: Column<AdminListItem[R]>[];
  actions?: ReactNode;
  /** Extra query string for the API, e.g. 'kind=read' (a filter); part of the query key. */
  params?: string;
  /** Shown between the heading and the table (a filter, a summary). */
  children?: ReactNode;
};

/** The simple admin lists: a heading, a table of the loaded pages, and 'Load more'. */
export function AdminList<R extends AdminListResource>({ resource, title, noun, columns, actions, params = '', children }: Props<R>) {
  const query = useInfiniteQuery(adminListQueryOptions(resource, params));
  useRedirectWhenSignedOut(query.error);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const headingId = `${resource}-heading`;

  return (
    <AdminPage headingId={headingId} title={title} actions={actions}>
      {children}
      {query.isPending && <p className="admin-status">Loading {noun}...</p>}
      {query.isError && <LoadFailed message={`Failed to fetch ${noun}. Please try again later.`} onRetry={() => void query.refetch()} />}
      {query.data && items.length === 0 && <p className="admin-status">No {noun} yet.</p>}
      {items.length > 0 && (
        <>
          <PlainTable label={title}>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.header} scope="col" className={column.className}>
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} className="admin-row">
                  {columns.map((column) => (
                    <td key={column.header} className={column.className}>
                      {column.cell(item)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </PlainTable>
          <LoadMoreButton pages={query} />
        </>
      )}
    </AdminPage>
  );
}
