import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { logout, sessionQueryOptions } from '../api/session';
import { adminKeys } from '../api/query-keys';
import { loginPath } from '../utils/next-path';

const NAV = [
  { to: '/admin/users', label: 'Registrations' },
  { to: '/admin/judges', label: 'Judge applications' },
  { to: '/admin/contact', label: 'Contact messages' },
  { to: '/admin/newsletter', label: 'Newsletter' },
  { to: '/admin/audit', label: 'Audit log' },
] as const;

/** The signed-in admin frame: checks the session, then shows navigation, Sign out and the page. */
export function AdminLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useQuery(sessionQueryOptions());
  const signOut = useMutation({
    mutationFn: logout,
    onSettled: () => {
      queryClient.removeQueries({ queryKey: adminKeys.all });
      queryClient.setQueryData(adminKeys.session(), null);
      void navigate('/admin/login', { replace: true });
    },
  });

  if (session.isPending) return <p className="page admin-status">Checking your session…</p>;
  if (session.isError) {
    return (
      <section className="page admin-status" aria-labelledby="session-error">
        <h1 id="session-error">Admin</h1>
        <p role="alert">Could not reach the server to check your session.</p>
        <button type="button" className="button" onClick={() => void session.refetch()}>
          Retry
        </button>
      </section>
    );
  }
  if (!session.data) return <Navigate to={loginPath(location.pathname + location.search)} replace />;

  return (
    <div className="admin">
      <div className="admin-bar">
        <nav className="admin-nav" aria-label="Admin">
          <ul>
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to}>{item.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin-bar__account">
          <span className="admin-bar__user">
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
        </div>
      </div>
      <Suspense fallback={<p className="page admin-status">Loading…</p>}>
        <Outlet />
      </Suspense>
    </div>
  );
}
