import { Fragment, type ReactNode } from 'react';

/**
 * An admin table in a box that scrolls sideways on a narrow screen. The box is reachable by
 * keyboard and named (axe: scrollable-region-focusable), so it is a labelled region.
 */
export function PlainTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must be reachable by keyboard
    <div className="admin-table-scroll admin-table-scroll--plain" tabIndex={0} role="region" aria-label={label}>
      <table className="admin-table">{children}</table>
    </div>
  );
}

/** An admin table's header row: one heading a column, each marked `scope="col"`. */
export function ColumnHeads({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/**
 * An admin table in a box that scrolls sideways, named by a caption for screen readers only:
 * its column headings, then `children`, its rows.
 */
export function CaptionedTable({ caption, columns, children }: { caption: string; columns: readonly string[]; children: ReactNode }) {
  return (
    <div className="admin-table-scroll">
      <table className="admin-table">
        <caption className="visually-hidden">{caption}</caption>
        <ColumnHeads columns={columns} />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/**
 * A list an admin query loads, as a `CaptionedTable`: a line if loading failed, one if the list is
 * empty, else `summary` (if any) and a row an item.
 */
export function LoadedTable<T extends { id: string }>({
  query,
  items,
  words,
  columns,
  summary,
  row,
}: {
  query: { isError: boolean; data?: unknown };
  items: readonly T[];
  words: { failed: string; empty: string; caption: string };
  columns: readonly string[];
  summary?: ReactNode;
  row: (item: T) => ReactNode;
}) {
  return (
    <>
      {query.isError ? <p role="alert">{words.failed}</p> : null}
      {query.data && items.length === 0 ? <p>{words.empty}</p> : null}
      {items.length > 0 ? (
        <>
          {summary}
          <CaptionedTable caption={words.caption} columns={columns}>
            {items.map((item) => (
              <Fragment key={item.id}>{row(item)}</Fragment>
            ))}
          </CaptionedTable>
        </>
      ) : null}
    </>
  );
}
