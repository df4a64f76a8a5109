import { Suspense } from 'react';
import { Link, Outlet, ScrollRestoration } from 'react-router-dom';
import { UpdatePrompt } from '../update-prompt';

/** The shell around every route. (The public-site work fills in header, sidebar and footer.) */
export function AppLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <Link to="/">Kids Talent Competition</Link>
      </header>
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<p className="page-loading">Loading…</p>}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="site-footer">
        <h2>Crazy Talent Competition</h2>
        <p>
          © {new Date().getFullYear()} Kids Talent Competition. All Rights Reserved.
        </p>
      </footer>
      <UpdatePrompt />
      <ScrollRestoration />
    </>
  );
}
