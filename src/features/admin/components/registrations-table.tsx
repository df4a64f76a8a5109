import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { RegistrationUpdateInput } from '@domain/registration';
import type { FieldErrors } from '@domain/validation';
import type { AdminRegistration } from '../api/get-registrations';
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
  filtered: number;
  filters: RegistrationFilters;
  onSort: (column: SortColumn) => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  editingId: string | null;
  /** The row whose Edit button gets focus back after its editor closes. */
  focusEditId: string | null;
  editingKey: number;
  savingId: string | null;
  savedId: string | null;
  leavingIds: ReadonlySet<string>;
  editErrors: FieldErrors;
  onEdit: (row: AdminRegistration) => void;
  onCancelEdit: () => void;
  onSave: (row: AdminRegistration, input: RegistrationUpdateInput) => void;
  onDelete: (row: AdminRegistration) => void;
};

/**
 * The registrations table. Only the rows in view (plus a margin) are in the DOM, so 100,000
 * rows scroll as smoothly as 100; spacer rows above and below keep the scrollbar honest.
 */
export function RegistrationsTable(props: Props) {
  const { rows, filters, hasNextPage, isFetchingNextPage, fetchNextPage } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualiser's API is not memoisable by design; the compiler rule does not apply here.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 64,
    overscan: 12,
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
      <table className="admin-table admin-table--registrations" aria-rowcount={props.filtered + 1}>
        <colgroup>
          <col className="admin-col--name" />
          <col className="admin-col--age" />
          <col className="admin-col--email" />
          <col className="admin-col--phone" />
          <col className="admin-col--city" />
          <col className="admin-col--institute" />
          <col className="admin-col--categories" />
          <col className="admin-col--actions" />
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            {SORT_COLUMNS.map((column) => {
              const active = filters.sort === column;
              return (
                <th
                  key={column}
                  scope="col"
                  aria-sort={active ? (filters.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  <button type="button" className="admin-sort" onClick={() => props.onSort(column)}>
                    {COLUMN_LABELS[column]}
                    <span className="admin-sort__icon" aria-hidden="true">
                      {active ? (filters.dir === 'asc' ? '▲' : '▼') : '↕'}
                    </span>
                  </button>
                </th>
              );
            })}
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {paddingTop > 0 && (
            <tr aria-hidden="true" className="admin-spacer">
              <td colSpan={8} style={{ height: paddingTop }} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            const rowIndex = item.index + 2;
            if (row.id === props.editingId) {
              return (
                <RegistrationEditRow
                  key={`${row.id}:edit:${props.editingKey}`}
                  ref={virtualizer.measureElement}
                  registration={row}
                  rowIndex={rowIndex}
                  dataIndex={item.index}
                  saving={props.savingId === row.id}
                  serverErrors={props.editErrors}
                  onSave={(input) => props.onSave(row, input)}
                  onCancel={props.onCancelEdit}
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
                saved={props.savedId === row.id}
                focusEdit={props.focusEditId === row.id}
                leaving={props.leavingIds.has(row.id)}
                busy={props.leavingIds.has(row.id)}
                onEdit={() => props.onEdit(row)}
                onDelete={() => props.onDelete(row)}
              />
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden="true" className="admin-spacer">
              <td colSpan={8} style={{ height: paddingBottom }} />
            </tr>
          )}
        </tbody>
      </table>
      {isFetchingNextPage && <p className="admin-muted admin-table__more">Loading more registrations…</p>}
    </div>
  );
}
