import type { ReactNode } from 'react';

/** An admin page: a section named by its h1, the heading's line holding `actions` (a search, a button). */
export function AdminPage({ headingId, title, actions, children }: { headingId: string; title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className="page admin-page" aria-labelledby={headingId}>
      <div className="admin-page__head">
        <h1 id={headingId}>{title}</h1>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** What a list shows when it could not be loaded: the message, and Retry to ask again. */
export function LoadFailed({ message, onRetry, className = 'admin-status' }: { message: ReactNode; onRetry: () => void; className?: string }) {
  return (
    <div className={className} role="alert">
      <p>{message}</p>
      <button type="button" className="button button--small" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
