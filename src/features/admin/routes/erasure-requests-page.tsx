import { isCategorySlug } from '@domain/categories';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useCompleteErasure } from '../api/complete-erasure';
import { useErasureRequests, type ErasureRequestItem } from '../api/get-erasure-requests';
import { useRedirectWhenSignedOut } from '../hooks/use-redirect-when-signed-out';
import { categoryLabel, formatDateTime } from '../utils/format';
import { ColumnHeads, PlainTable } from '../components/plain-table';
import { AdminPage, LoadFailed } from '../components/admin-page';

/** /admin/erasure-requests: families' requests to erase their data, the nearest deadline first. */
export function ErasureRequestsPage() {
  const query = useErasureRequests();
  useRedirectWhenSignedOut(query.error);
  const complete = useCompleteErasure();
  const [confirming, setConfirming] = useState<ErasureRequestItem | null>(null);
  const items = query.data?.items ?? [];
  return (
    <AdminPage headingId="erasure-heading" title="Erasure requests">
      <p className="admin-muted">
        A family can ask for their registration’s data to be erased; the law gives us at most 90 days, and we promise the date shown. Erasing
        deletes the registration, its emails and consent; only its type and contests are kept, as an anonymous count
        {query.data ? ` (${query.data.erasedCount} erased so far)` : ''}.
      </p>
      {query.isPending && <p className="admin-status">Loading erasure requests...</p>}
      {query.isError && <LoadFailed message="Failed to fetch erasure requests. Please try again later." onRetry={() => void query.refetch()} />}
      {complete.isError && (
        <div className="admin-banner" role="alert">
          <p>The erasure could not be carried out: {complete.error.message}</p>
        </div>
      )}
      {query.data && items.length === 0 && <p className="admin-status">No erasure requests yet.</p>}
      {items.length > 0 && (
        <PlainTable label="Erasure requests">
          <ColumnHeads columns={['Due by', 'Registration', 'Asked on', 'Status', 'Actions']} />
          <tbody>
            {items.map((item) => (
              <tr key={item.id} className={`admin-row${item.overdue ? ' admin-row--overdue' : ''}`}>
                <td>
                  {formatDateTime(item.dueAt)}
                  {item.overdue ? <span className="admin-badge admin-badge--overdue">Overdue</span> : null}
                </td>
                <td>
                  {item.name ?? (item.status === 'completed' ? <span className="admin-muted">Erased</span> : '—')}
                  <span className="admin-ref">{item.referenceCode}</span>
                  {item.categories ? <span className="admin-muted"> {item.registrationType} · {item.categories.map((slug) => (isCategorySlug(slug) ? categoryLabel(slug) : slug)).join(', ')}</span> : null}
                </td>
                <td>{formatDateTime(item.requestedAt)}</td>
                <td>{item.status === 'open' ? 'Open' : `Erased ${item.completedAt ? formatDateTime(item.completedAt) : ''} by ${item.completedBy ?? '—'}`}</td>
                <td>
                  {item.status === 'open' ? (
                    <button
                      type="button"
                      className="button button--small button--danger"
                      onClick={() => setConfirming(item)}
                      aria-label={`Erase now: ${item.name ?? item.referenceCode}`}
                    >
                      Erase now
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </PlainTable>
      )}
      {confirming ? (
        <ConfirmDialog
          size="small"
          words={{ title: 'Erase this registration now?', confirm: 'Erase', confirming: 'Erasing…', keep: 'Keep it' }}
          busy={complete.isPending}
          onConfirm={() => complete.mutate(confirming.id, { onSettled: () => setConfirming(null) })}
          onClose={() => setConfirming(null)}
        >
          <p>
            The registration {confirming.referenceCode}
            {confirming.name ? ` (${confirming.name})` : ''} and its emails, consent and links are deleted for good. The audit log keeps what was
            done, without the values. This cannot be undone.
          </p>
        </ConfirmDialog>
      ) : null}
    </AdminPage>
  );
}
