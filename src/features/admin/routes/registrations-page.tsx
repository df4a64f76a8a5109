import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { exportCsvUrl, registrationsQueryOptions, type AdminRegistration } from '../api/get-registrations';
import { RegistrationDetailsDialog } from '../components/registration-details-dialog';
import { FiltersBar } from '../components/filters-bar';
import { OverviewFilterChips } from '../components/overview-filter-chips';
import { RegistrationsTable } from '../components/registrations-table';
import { SearchBox } from '../components/search-box';
import { UndoToast } from '../components/undo-toast';
import { useRedirectWhenSignedOut } from '../hooks/use-redirect-when-signed-out';
import { useRegistrationEditor } from '../hooks/use-registration-editor';
import { useRegistrationFilters } from '../hooks/use-registration-filters';
import { useRegistrationRemoval } from '../hooks/use-registration-removal';
import { nextSort } from '../utils/registration-filters';
import { CONFLICT_ERROR, FETCH_ERROR, type Banner } from '../utils/registration-messages';
import { SensitiveDownload } from '@/components/second-factor/sensitive-download';
import { plural } from '@domain/plural';
import { LoadFailed } from '../components/admin-page';

const numbers = new Intl.NumberFormat('en-IN');

/** /admin/registrations: search, filter, sort and page through the registrations; edit and delete in place. */
export function RegistrationsPage() {
  const { filters, setFilters } = useRegistrationFilters();
  const query = useInfiniteQuery(registrationsQueryOptions(filters));
  useRedirectWhenSignedOut(query.error);
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  const firstPage = query.data?.pages[0];

  const [banner, setBanner] = useState<Banner | null>(null);
  const editor = useRegistrationEditor(setBanner);
  const removal = useRegistrationRemoval(setBanner);
  const [details, setDetails] = useState<AdminRegistration | null>(null);

  const onSearch = useCallback(
    (q: string, refining: boolean) => setFilters({ q }, { replace: refining }),
    [setFilters],
  );

  return (
    // admin-page--fill: the page fits the window and the table's own box scrolls (admin.css).
    <section className="page admin-page admin-page--fill" aria-labelledby="registrations-heading">
      <div className="admin-page__head">
        <h1 id="registrations-heading">Registrations</h1>
        <SearchBox value={filters.q} onSearch={onSearch} />
        <p className="admin-counter" aria-live="polite">
          {firstPage
            ? `Showing ${numbers.format(firstPage.filtered)} of ${plural(firstPage.total, { one: '# registration', other: '# registrations' })}`
            : ' '}
          {query.isFetching && !query.isFetchingNextPage && firstPage && (
            <span className="admin-muted"> · updating…</span>
          )}
        </p>
        <SensitiveDownload className="button button--small" href={exportCsvUrl(filters)}>
          Export CSV
        </SensitiveDownload>
      </div>
      <FiltersBar filters={filters} onChange={(change) => setFilters(change)} />
      <OverviewFilterChips filters={filters} onChange={(change) => setFilters(change)} />

      {banner && (
        <div className="admin-banner" role="alert">
          {banner.kind === 'error' ? (
            <>
              <p>{banner.message}</p>
              <button type="button" className="admin-link" onClick={() => setBanner(null)}>
                Dismiss
              </button>
            </>
          ) : (
            <>
              <p>{CONFLICT_ERROR}</p>
              <div className="admin-actions">
                <button type="button" className="button button--small button--primary" onClick={() => editor.loadTheirVersion(banner.current)}>
                  Load their version
                </button>
                <button type="button" className="button button--small" onClick={editor.cancel}>
                  Cancel my edit
                </button>
              </div>
            </>
          )}
        </div>
      )}

      {query.isPending && <p className="admin-status">Loading registrations...</p>}
      {query.isError && !query.data && <LoadFailed message={FETCH_ERROR} onRetry={() => void query.refetch()} />}
      {query.data && rows.length === 0 && !query.isFetching && (
        <p className="admin-status">No registrations found matching your criteria.</p>
      )}
      {query.data && rows.length > 0 && (
        <RegistrationsTable
          rows={rows}
          paging={{
            filtered: firstPage?.filtered ?? rows.length,
            hasNextPage: query.hasNextPage,
            isFetchingNextPage: query.isFetchingNextPage,
            fetchNextPage: () => void query.fetchNextPage(),
          }}
          sorting={{ filters, onSort: (column) => setFilters(nextSort(filters, column)) }}
          editor={editor}
          removal={removal}
          onDetails={setDetails}
        />
      )}
      {query.isError && query.data && <LoadFailed message={FETCH_ERROR} className="admin-banner" onRetry={() => void query.refetch()} />}

      {details && (
        <RegistrationDetailsDialog
          id={details.id}
          label={details.name ?? details.instituteName ?? details.referenceCode}
          onClose={() => setDetails(null)}
        />
      )}

      {removal.deleted && (
        <UndoToast
          key={removal.deleted.id}
          message={`Deleted the registration of ${removal.deleted.label}.`}
          undoing={removal.undoing}
          onUndo={removal.undo}
          onExpire={removal.forget}
        />
      )}
    </section>
  );
}
