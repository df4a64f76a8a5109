import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { AdminRegistration } from '../api/get-registrations';
import type { RegistrationEditor } from '../hooks/use-registration-editor';
import type { RegistrationRemoval } from '../hooks/use-registration-removal';
import { SORT_COLUMNS, type RegistrationFilters, type SortColumn } from '../utils/registration-filters';
import { RegistrationEditRow } from './registration-edit-row';
import { RegistrationRow } from './registration-row';

const COLUMN_LABELS: Record<SortColumn, string> = {
  name: 'Name',
  age: 'Age',
  email: 'Email',
  phone: 'Phone',
  city: 'City',
  institute: 'Institute',
  categories: 'Categories',
};

/** Start loading the next page this many rows before the end, so scrolling rarely waits. */
const PREFETCH_ROWS = 30;

type Props = {
  rows: AdminRegistration[];
  /** The server's count for this view, and the next page of it. */
  paging: { filtered: number; hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => void };
  sorting: { filters: RegistrationFilters; onSort: (column: SortColumn) => void };
  editor: Pick<RegistrationEditor, 'editingId' | 'editingKey' | 'focusEditId' | 'errors' | 'savedId' | 'savingId' | 'start' | 'cancel' | 'save'>;
  removal: Pick<RegistrationRemoval, 'leavingIds' | 'remove'>;
  onDetails: (row: AdminRegistration) => void;
};

/**
 * The registrations table. Only the rows in view (plus a margin) are in the DOM, so 100,000
 * rows scroll as smoothly as 100; spacer rows above and below keep the scrollbar honest.
 */
export function RegistrationsTable({ rows, paging, sorting, editor, removal, onDetails }: Props) {
  const { filtered, hasNextPage, isFetchingNextPage, fetchNextPage } = paging;
  const { filters, onSort } = sorting;
  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualiser's API is not memoisable by design; the compiler rule does not apply here.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 33,
    overscan: 16,
    getItemKey: (index) => rows[index]?.id ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const view = `${filters.q}|${filters.category}|${filters.city}|${filters.duplicates}|${filters.sort}|${filters.dir}`;
  useEffect(() => {
    scrollRef.current?.scrollTo?.({ top: 0 });
  }, [view]);
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= rows.length - PREFETCH_ROWS) fetchNextPage();
  }, [lastIndex, rows.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;

  return (
    // A scrolling box must be reachable by keyboard (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="admin-table-scroll" ref={scrollRef} tabIndex={0} role="region" aria-label="Registrations table">
      <table className="admin-table admin-table--registrations" aria-rowcount={filtered + 1}>
        <colgroup>
          <col className="admin-col--name" />
          <col className="admin-col--code" />
          <col className="admin-col--age" />
          <col className="admin-col--email" />
          <col className="admin-col--phone" />
          <col className="admin-col--city" />
          <col className="admin-col--institute" />
          <col className="admin-col--categories" />
          <col className="admin-col--fee" />
          <col className="admin-col--actions" />
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            {SORT_COLUMNS.flatMap((column) => {
              const active = filters.sort === column;
              const header = (
                <th
                  key={column}
                  scope="col"
                  aria-sort={active ? (filters.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  <button type="button" className="admin-sort" onClick={() => onSort(column)}>
                    {COLUMN_LABELS[column]}
                    <span className="admin-sort__icon" aria-hidden="true">
                      {active ? (filters.dir === 'asc' ? '▲' : '▼') : '↕'}
                    </span>
                  </button>
                </th>
              );
              // The reference code (not a sort of its own) follows the name.
              return column === 'name' ? [header, <th key="code" scope="col">Code</th>] : [header];
            })}
            <th scope="col">Cash fee</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {paddingTop > 0 && (
            <tr aria-hidden="true" className="admin-spacer">
              <td colSpan={10} style={{ height: paddingTop }} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            const rowIndex = item.index + 2;
            if (row.id === editor.editingId) {
              return (
                <RegistrationEditRow
                  key={`${row.id}:edit:${editor.editingKey}`}
                  ref={virtualizer.measureElement}
                  registration={row}
                  rowIndex={rowIndex}
                  dataIndex={item.index}
                  saving={editor.savingId === row.id}
                  serverErrors={editor.errors}
                  onSave={(input) => editor.save(row, input)}
                  onCancel={editor.cancel}
                />
              );
            }
            return (
              <RegistrationRow
                key={row.id}
                ref={virtualizer.measureElement}
                registration={row}
                rowIndex={rowIndex}
                dataIndex={item.index}
                saved={editor.savedId === row.id}
                focusEdit={editor.focusEditId === row.id}
                leaving={removal.leavingIds.has(row.id)}
                busy={removal.leavingIds.has(row.id)}
                onEdit={() => editor.start(row)}
                onDelete={() => removal.remove(row)}
                onDetails={() => onDetails(row)}
              />
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden="true" className="admin-spacer">
              <td colSpan={10} style={{ height: paddingBottom }} />
            </tr>
          )}
        </tbody>
      </table>
      {isFetchingNextPage && <p className="admin-muted admin-table__more">Loading more registrations…</p>}
    </div>
  );
}
