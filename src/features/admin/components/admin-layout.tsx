import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useId, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { AppLink } from '@/components/app-link';
import { useDismiss } from '@/hooks/use-dismiss';
import { isCurrentPage } from '@/lib/app-navigation';
import { ApiRequestError } from '@/lib/api-client';
import { signOut as endSession } from '@/lib/auth';
import { sessionQueryOptions } from '../api/session';
import { adminKeys } from '../api/query-keys';
import { loginPath, secondFactorPath } from '../utils/next-path';
import { SecondFactorDialog } from '@/components/second-factor/second-factor-dialog';
import { AdminFrame } from './admin-frame';

type NavItem = { to: string; label: string; end?: boolean };

/** The pages used every day, always in the bar. */
const NAV: readonly NavItem[] = [
  { to: '/admin', label: 'Overview', end: true },
  { to: '/admin/registrations', label: 'Registrations' },
  { to: '/admin/payments', label: 'Payments' },
  { to: '/admin/entries', label: 'Entries' },
  { to: '/admin/judging', label: 'Judging' },
  { to: '/admin/certificates', label: 'Certificates' },
];

/** The pages used now and then, under "More", so the bar stays one line at 1280 px. */
const MORE_NAV: readonly NavItem[] = [
  { to: '/admin/judges', label: 'Judge applications' },
  { to: '/admin/contact', label: 'Contact messages' },
  { to: '/admin/newsletter', label: 'Newsletter' },
  { to: '/admin/venue', label: 'Venue and staff' },
  { to: '/admin/panels', label: 'Panels' },
  { to: '/admin/places', label: 'Semi-finals and finale' },
  { to: '/admin/audit', label: 'Audit log' },
  { to: '/admin/erasure-requests', label: 'Erasure requests' },
];

/**
 * "More": a disclosure button and its list of links (the navigation pattern, not an application
 * menu). Escape or a click elsewhere closes it, focus going back to the button from Escape;
 * choosing a page closes it. The button is marked while one of its pages is open.
 */
function MoreMenu({ pathname }: { pathname: string }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const wrapRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const current = MORE_NAV.some((item) => isCurrentPage(pathname, item.to, false));
  useDismiss(open, wrapRef, {
    outside: () => setOpen(false),
    escape: () => {
      setOpen(false);
      buttonRef.current?.focus();
    },
  });
  return (
    <li
      className="admin-nav__more"
      ref={wrapRef}
      onBlur={(event) => {
        if (!wrapRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={current ? 'admin-nav__more-button is-current' : 'admin-nav__more-button'}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((was) => !was)}
      >
        More <span aria-hidden="true">▾</span>
      </button>
      <ul id={listId} className="admin-nav__menu" hidden={!open}>
        {MORE_NAV.map((item) => (
          <li key={item.to}>
            <AppLink to={item.to} current={isCurrentPage(pathname, item.to, false)} onClick={() => setOpen(false)}>
              {item.label}
            </AppLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The signed-in admin frame: checks the session, then shows navigation, Sign out and the page. */
export function AdminLayout() {
  const location = useLocation();
  const queryClient = useQueryClient();
  const session = useQuery(sessionQueryOptions());
  // After an explicit sign-out go to plain /admin/login, not back to this page after the next sign-in.
  const [leaving, setLeaving] = useState(false);
  const signedOut = () => {
    setLeaving(true);
    queryClient.removeQueries({ queryKey: adminKeys.all });
    queryClient.setQueryData(adminKeys.session(), null);
  };
  const signOut = useMutation({
    mutationFn: endSession,
    onSuccess: signedOut,
    // A 401 means the session had already ended; anything else leaves it alive, so say so.
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 401) signedOut();
    },
  });

  if (leaving) return <Navigate to="/admin/login" replace />;
  if (session.isPending) {
    return (
      <AdminFrame>
        <p className="page admin-status">Checking your session…</p>
      </AdminFrame>
    );
  }
  if (session.isError) {
    return (
      <AdminFrame>
        <section className="page admin-status" aria-labelledby="session-error">
          <h1 id="session-error">Admin</h1>
          <p role="alert">Could not reach the server to check your session.</p>
          <button type="button" className="button" onClick={() => void session.refetch()}>
            Retry
          </button>
        </section>
      </AdminFrame>
    );
  }
  if (!session.data) return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  if (session.data.secondFactor !== 'done') return <Navigate to={secondFactorPath(location.pathname + location.search)} replace />;
  if (session.data.admin.role === 'staff') {
    return (
      <AdminFrame>
        <section className="page admin-status" aria-labelledby="staff-only">
          <h1 id="staff-only">Admin</h1>
          <p>
            <strong>{session.data.admin.username}</strong> is a staff account: it works in venue mode only.{' '}
            <a href="/venue">Open venue mode</a>
          </p>
        </section>
      </AdminFrame>
    );
  }

  const bar = (
    <>
      <nav className="admin-nav" aria-label="Admin">
        <ul>
          {NAV.map((item) => (
            <li key={item.to}>
              <AppLink to={item.to} current={isCurrentPage(location.pathname, item.to, item.end ?? false)}>
                {item.label}
              </AppLink>
            </li>
          ))}
          {/* A phone scrolls one row of every link sideways; a wider screen groups these under More. */}
          {MORE_NAV.map((item) => (
            <li key={item.to} className="admin-nav__extra">
              <AppLink to={item.to} current={isCurrentPage(location.pathname, item.to, false)}>
                {item.label}
              </AppLink>
            </li>
          ))}
          <MoreMenu pathname={location.pathname} />
        </ul>
      </nav>
      <div className="admin-header__account">
        <span className="admin-header__user">
          Signed in as <strong>{session.data.admin.username}</strong>
        </span>
        <button
          type="button"
          className="button button--small"
          onClick={() => signOut.mutate()}
          disabled={signOut.isPending}
        >
          {signOut.isPending ? 'Signing out…' : 'Sign out'}
        </button>
        {signOut.isError && (
          <span className="admin-error" role="alert">
            Could not sign out: the server did not answer. Try again.
          </span>
        )}
      </div>
    </>
  );
  return (
    <AdminFrame bar={bar}>
      <Suspense fallback={<p className="page admin-status">Loading…</p>}>
        <Outlet />
      </Suspense>
      <SecondFactorDialog />
    </AdminFrame>
  );
}
