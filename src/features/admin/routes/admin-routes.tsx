import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { QueryProvider } from '@/lib/query-client';
import { AdminFrame } from '../components/admin-frame';
import { AdminLayout } from '../components/admin-layout';
import '../admin.css';

// Each admin page is its own chunk: the login page never pulls in the table and its virtualiser.
const LoginPage = lazy(() => import('./login-page').then((m) => ({ default: m.LoginPage })));
const SecondFactorPage = lazy(() => import('./second-factor-page').then((m) => ({ default: m.SecondFactorPage })));
const RegistrationsPage = lazy(() => import('./registrations-page').then((m) => ({ default: m.RegistrationsPage })));
const JudgesPage = lazy(() => import('./judges-page').then((m) => ({ default: m.JudgesPage })));
const ContactMessagesPage = lazy(() =>
  import('./contact-messages-page').then((m) => ({ default: m.ContactMessagesPage })),
);
const NewsletterPage = lazy(() => import('./newsletter-page').then((m) => ({ default: m.NewsletterPage })));
const PanelsPage = lazy(() => import('./panels-page').then((m) => ({ default: m.PanelsPage })));
const PlacesPage = lazy(() => import('./places-page').then((m) => ({ default: m.PlacesPage })));
const VenueAdminPage = lazy(() => import('./venue-admin-page').then((m) => ({ default: m.VenueAdminPage })));
const OverviewPage = lazy(() => import('./overview-page').then((m) => ({ default: m.OverviewPage })));
const AuditPage = lazy(() => import('./audit-page').then((m) => ({ default: m.AuditPage })));
const PaymentsPage = lazy(() => import('./payments-page').then((m) => ({ default: m.PaymentsPage })));
const JudgingPage = lazy(() => import('./judging-page').then((m) => ({ default: m.JudgingPage })));
const CertificatesPage = lazy(() => import('./certificates-page').then((m) => ({ default: m.CertificatesPage })));
const EntriesPage = lazy(() => import('./entries-page').then((m) => ({ default: m.EntriesPage })));
const ErasureRequestsPage = lazy(() => import('./erasure-requests-page').then((m) => ({ default: m.ErasureRequestsPage })));

/** The admin area (/admin/*): login, and the signed-in pages behind the session guard. */
export function AdminRoutes() {
  const loading = <p className="page admin-status">Loading…</p>;
  /** A page outside the signed-in layout (login, second factor): in the bare admin frame, loading in place. */
  const framed = (page: ReactNode) => (
    <AdminFrame>
      <Suspense fallback={loading}>{page}</Suspense>
    </AdminFrame>
  );
  return (
    <QueryProvider>
      <Suspense fallback={<AdminFrame>{loading}</AdminFrame>}>
        <Routes>
          <Route path="login" element={framed(<LoginPage />)} />
          <Route path="second-factor" element={framed(<SecondFactorPage />)} />
          <Route element={<AdminLayout />}>
            <Route index element={<OverviewPage />} />
            <Route path="registrations" element={<RegistrationsPage />} />
            <Route path="users" element={<MovedTo pathname="/admin/registrations" />} />
            <Route path="judges" element={<JudgesPage />} />
            <Route path="contact" element={<ContactMessagesPage />} />
            <Route path="newsletter" element={<NewsletterPage />} />
            <Route path="audit" element={<AuditPage />} />
            <Route path="venue" element={<VenueAdminPage />} />
            <Route path="panels" element={<PanelsPage />} />
            <Route path="places" element={<PlacesPage />} />
            <Route path="payments" element={<PaymentsPage />} />
            <Route path="entries" element={<EntriesPage />} />
            <Route path="judging" element={<JudgingPage />} />
            <Route path="certificates" element={<CertificatesPage />} />
            <Route path="erasure-requests" element={<ErasureRequestsPage />} />
            <Route path="*" element={<Navigate to="registrations" replace />} />
          </Route>
        </Routes>
      </Suspense>
    </QueryProvider>
  );
}

/** An address that moved (bookmarks, links in old emails): the same filters at the new one. */
function MovedTo({ pathname }: { pathname: string }) {
  const { search } = useLocation();
  return <Navigate to={{ pathname, search }} replace />;
}
