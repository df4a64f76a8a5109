import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RegistrationUpdateInput } from '@domain/registration';
import type { FieldErrors } from '@domain/validation';
import { ApiRequestError } from '@/lib/api-client';
import { deleteRegistration, restoreRegistration, updateRegistration } from '../api/change-registration';
import { exportCsvUrl, registrationsQueryOptions, type AdminRegistration } from '../api/get-registrations';
import { adminKeys } from '../api/query-keys';
import { removeRegistrationFromLists, replaceRegistrationInLists } from '../api/registration-cache';
import { FiltersMenu } from '../components/filters-menu';
import { RegistrationsTable } from '../components/registrations-table';
import { SearchBox } from '../components/search-box';
import { UndoToast } from '../components/undo-toast';
import { useRedirectWhenSignedOut } from '../hooks/use-redirect-when-signed-out';
import { useRegistrationFilters } from '../hooks/use-registration-filters';
import { nextSort } from '../utils/registration-filters';

export const FETCH_ERROR = 'Failed to fetch registrations. Please try again later.';
export const UPDATE_ERROR = 'Failed to update registration. Please try again.';
export const DELETE_ERROR = 'Failed to delete registration. Please try again.';
export const CONFLICT_ERROR =
  'Someone else changed this registration after you opened it. Load their version to see what changed, then edit again.';
const SAVED_FLASH_MS = 1_600;
const FADE_MS = 300;

type Banner = { kind: 'error'; message: string } | { kind: 'conflict'; id: string; current: AdminRegistration };
type Deleted = { id: string; label: string };

const numbers = new Intl.NumberFormat('en-IN');

export function RegistrationsPage() {
  const queryClient = useQueryClient();
  const { filters, setFilters } = useRegistrationFilters();
  const query = useInfiniteQuery(registrationsQueryOptions(filters));
  useRedirectWhenSignedOut(query.error);

  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  const firstPage = query.data?.pages[0];

  const [editingId, setEditingId] = useState<string | null>(null);
  const [focusEditId, setFocusEditId] = useState<string | null>(null);
  const [editingKey, setEditingKey] = useState(0);
  const [editErrors, setEditErrors] = useState<FieldErrors>({});
  const [savedId, setSavedId] = useState<string | null>(null);
  const [leavingIds, setLeavingIds] = useState<ReadonlySet<string>>(new Set());
  const [banner, setBanner] = useState<Banner | null>(null);
  const [deleted, setDeleted] = useState<Deleted | null>(null);
  const flashTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(flashTimer.current), []);

  const update = useMutation({
    mutationFn: ({ row, input }: { row: AdminRegistration; input: RegistrationUpdateInput }) =>
      updateRegistration(row.id, input),
    onSuccess: ({ registration }) => {
      replaceRegistrationInLists(queryClient, registration);
      void queryClient.invalidateQueries({ queryKey: adminKeys.cities() });
      setEditingId(null);
      setFocusEditId(registration.id);
      setBanner(null);
      setSavedId(registration.id);
      clearTimeout(flashTimer.current);
      flashTimer.current = setTimeout(() => setSavedId(null), SAVED_FLASH_MS);
    },
    onError: (error, { row }) => {
      if (error instanceof ApiRequestError && error.status === 409 && isRegistration(error.body?.error.current)) {
        setBanner({ kind: 'conflict', id: row.id, current: { ...row, ...error.body.error.current } });
      } else if (error instanceof ApiRequestError && error.status === 404) {
        setBanner({ kind: 'error', message: `${UPDATE_ERROR} It may have been deleted by someone else: reload the list.` });
      } else if (error instanceof ApiRequestError && error.status === 422) {
        setEditErrors(error.fields);
        setBanner({ kind: 'error', message: UPDATE_ERROR });
      } else {
        setBanner({ kind: 'error', message: UPDATE_ERROR });
      }
    },
  });

  const remove = useMutation({
    mutationFn: async (row: AdminRegistration) => {
      const fade = new Promise((resolve) => setTimeout(resolve, FADE_MS));
      const answer = await deleteRegistration(row.id);
      await fade;
      return answer;
    },
    onMutate: (row) => {
      setBanner(null);
      setLeavingIds((ids) => new Set(ids).add(row.id));
    },
    onSuccess: (_answer, row) => {
      removeRegistrationFromLists(queryClient, row.id);
      setDeleted({ id: row.id, label: row.name ?? row.instituteName ?? row.referenceCode });
    },
    onError: () => setBanner({ kind: 'error', message: DELETE_ERROR }),
    onSettled: (_answer, _error, row) =>
      setLeavingIds((ids) => {
        const next = new Set(ids);
        next.delete(row.id);
        return next;
      }),
  });

  const restore = useMutation({
    mutationFn: (id: string) => restoreRegistration(id),
    onSuccess: () => {
      setDeleted(null);
      void queryClient.invalidateQueries({ queryKey: adminKeys.registrationLists() });
    },
    onError: () => {
      setDeleted(null);
      setBanner({ kind: 'error', message: 'Failed to restore registration. Please try again from the audit log.' });
    },
  });

  const startEdit = useCallback((row: AdminRegistration) => {
    setEditingId(row.id);
    setFocusEditId(null);
    setEditingKey((key) => key + 1);
    setEditErrors({});
    setBanner(null);
  }, []);

  function loadTheirVersion(current: AdminRegistration) {
    replaceRegistrationInLists(queryClient, current);
    setEditingKey((key) => key + 1);
    setEditErrors({});
    setBanner(null);
  }

  const onSearch = useCallback(
    (q: string, refining: boolean) => setFilters({ q }, { replace: refining }),
    [setFilters],
  );

  return (
    <section className="page admin-page" aria-labelledby="registrations-heading">
      <div className="admin-page__head">
        <h1 id="registrations-heading">Registrations</h1>
        <a className="button button--small" href={exportCsvUrl(filters)} download>
          Export CSV
        </a>
      </div>

      <div className="admin-toolbar">
        <SearchBox value={filters.q} onSearch={onSearch} />
        <FiltersMenu filters={filters} onChange={(change) => setFilters(change)} />
      </div>

      <p className="admin-counter" aria-live="polite">
        {firstPage
          ? `Showing ${numbers.format(firstPage.filtered)} of ${numbers.format(firstPage.total)} registrations`
          : ' '}
        {query.isFetching && !query.isFetchingNextPage && firstPage && (
          <span className="admin-muted"> · updating…</span>
        )}
      </p>

      {banner && (
        <div className="admin-banner" role="alert">
          {banner.kind === 'error' ? (
            <p>{banner.message}</p>
          ) : (
            <>
              <p>{CONFLICT_ERROR}</p>
              <div className="admin-actions">
                <button type="button" className="button button--small button--primary" onClick={() => loadTheirVersion(banner.current)}>
                  Load their version
                </button>
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => {
                    setBanner(null);
                    setFocusEditId(editingId);
                    setEditingId(null);
                  }}
                >
                  Cancel my edit
                </button>
              </div>
            </>
          )}
          {banner.kind === 'error' && (
            <button type="button" className="admin-link" onClick={() => setBanner(null)}>
              Dismiss
            </button>
          )}
        </div>
      )}

      {query.isPending && <p className="admin-status">Loading registrations...</p>}
      {query.isError && !query.data && (
        <div className="admin-status" role="alert">
          <p>{FETCH_ERROR}</p>
          <button type="button" className="button button--small" onClick={() => void query.refetch()}>
            Retry
          </button>
        </div>
      )}
      {query.data && rows.length === 0 && !query.isFetching && (
        <p className="admin-status">No registrations found matching your criteria.</p>
      )}
      {query.data && rows.length > 0 && (
        <RegistrationsTable
          rows={rows}
          filtered={firstPage?.filtered ?? rows.length}
          filters={filters}
          onSort={(column) => setFilters(nextSort(filters, column))}
          hasNextPage={query.hasNextPage}
          isFetchingNextPage={query.isFetchingNextPage}
          fetchNextPage={() => void query.fetchNextPage()}
          editingId={editingId}
          editingKey={editingKey}
          savingId={update.isPending ? (update.variables?.row.id ?? null) : null}
          savedId={savedId}
          leavingIds={leavingIds}
          editErrors={editErrors}
          onEdit={startEdit}
          focusEditId={focusEditId}
          onCancelEdit={() => {
            setFocusEditId(editingId);
            setEditingId(null);
            setBanner(null);
          }}
          onSave={(row, input) => update.mutate({ row, input })}
          onDelete={(row) => remove.mutate(row)}
        />
      )}
      {query.isError && query.data && (
        <div className="admin-banner" role="alert">
          <p>{FETCH_ERROR}</p>
          <button type="button" className="button button--small" onClick={() => void query.refetch()}>
            Retry
          </button>
        </div>
      )}

      {deleted && (
        <UndoToast
          key={deleted.id}
          message={`Deleted the registration of ${deleted.label}.`}
          undoing={restore.isPending}
          onUndo={() => restore.mutate(deleted.id)}
          onExpire={() => setDeleted(null)}
        />
      )}
    </section>
  );
}

function isRegistration(value: unknown): value is AdminRegistration {
  return !!value && typeof value === 'object' && 'id' in value && 'version' in value;
}
