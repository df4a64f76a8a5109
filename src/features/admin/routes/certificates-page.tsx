import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { awardLabel, type Award } from '@domain/certificates';
import { CATEGORY_SLUGS, isCategorySlug } from '@domain/categories';
import { VENUE_SESSIONS } from '@domain/season';
import { FormField } from '@/components/form/form-field';
import { ApiRequestError } from '@/lib/api-client';
import {
  certificatePdfHref,
  printHref,
  useCertificates,
  useIssueCertificates,
  useReissueCertificate,
  useRevokeCertificate,
  type AdminCertificate,
} from '../api/certificates';
import { ColumnHeads, PlainTable } from '../components/plain-table';
import { useRedirectWhenSignedOut } from '../hooks/use-redirect-when-signed-out';
import { categoryLabel, formatDateTime } from '../utils/format';
import { SensitiveDownload } from '@/components/second-factor/sensitive-download';
import { plural } from '@domain/plural';
import { AdminPage, LoadFailed } from '../components/admin-page';
import { ContestOptions } from '../components/contest-options';

const problem = (error: unknown) => (error instanceof ApiRequestError ? error.message : 'It did not work: check the connection and try again.');

/** Why an action (issue, revoke, re-issue) failed, once it has. */
function ActionFailed({ action }: { action: { isError: boolean; error: unknown } }) {
  return action.isError ? (
    <p className="form-notice form-notice--error" role="alert">
      {problem(action.error)}
    </p>
  ) : null;
}

/**
 * /admin/certificates (issue 25): issue Level 1's certificates (every entrant of the published
 * round, every child checked in at a venue), find one, revoke it with a reason, re-issue it
 * after a correction, and download a contest's or a venue session's certificates for printing.
 */
export function CertificatesPage() {
  const [params, setParams] = useSearchParams();
  const contest = params.get('contest');
  const category = contest && isCategorySlug(contest) ? contest : undefined;
  const sessionId = params.get('session') ?? undefined;
  const [q, setQ] = useState(params.get('q') ?? '');
  const query = useCertificates({ category, sessionId, q: params.get('q') ?? undefined });
  useRedirectWhenSignedOut(query.error);
  const issue = useIssueCertificates();
  const rows = query.data?.rows ?? [];
  const update = (next: Record<string, string | undefined>) => {
    const merged = { contest: category, session: sessionId, q: params.get('q') ?? undefined, ...next };
    setParams(Object.fromEntries(Object.entries(merged).filter((entry): entry is [string, string] => Boolean(entry[1]))));
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    update({ q: q.trim() || undefined });
  };
  return (
    <AdminPage headingId="certificates-heading" title="Certificates">
      <p className="admin-muted">
        Every child who entered Level 1 (an entry in the published round) or was checked in at a venue gets a certificate in the family’s
        language: winner, runner-up, merit, qualified or participation. Publishing the round issues them; issue again after late check-ins.
        The PDFs are made in the background.
      </p>
      <div className="admin-toolbar">
        <button type="button" className="button" disabled={issue.isPending} onClick={() => issue.mutate()}>
          {issue.isPending ? 'Issuing…' : 'Issue Level 1 certificates'}
        </button>
        {issue.isSuccess ? (
          <p role="status">
            {issue.data.issued === 0 ? 'Every child who took part has a certificate already.' : `${plural(issue.data.issued, { one: '# certificate', other: '# certificates' })} issued; their PDFs are being made.`}
          </p>
        ) : null}
        <ActionFailed action={issue} />
      </div>
      <div className="admin-toolbar">
        <FormField label="Contest">
          {(control) => (
            <select {...control} value={category ?? ''} onChange={(e) => update({ contest: e.target.value || undefined, session: undefined })}>
              <option value="">All contests</option>
              <ContestOptions slugs={CATEGORY_SLUGS} />
            </select>
          )}
        </FormField>
        <FormField label="Venue session">
          {(control) => (
            <select {...control} value={sessionId ?? ''} onChange={(e) => update({ session: e.target.value || undefined, contest: undefined })}>
              <option value="">Any</option>
              {VENUE_SESSIONS.filter((session) => session.levelId === 'level1').map((session) => (
                <option key={session.id} value={session.id}>
                  {session.title}, {session.date}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <form onSubmit={search} role="search" className="admin-certificates__search">
          <FormField label="Child, reference code or certificate id" className="admin-search">
            {(control) => <input {...control} type="search" value={q} onChange={(e) => setQ(e.target.value)} autoComplete="off" spellCheck={false} />}
          </FormField>
          <button type="submit" className="button button--small">
            Search
          </button>
        </form>
        {category || sessionId ? (
          <SensitiveDownload className="button button--small" href={printHref({ category, sessionId })}>
            Download all for printing (PDF)
          </SensitiveDownload>
        ) : null}
      </div>
      {query.data ? (
        <p className="admin-muted" role="status">
          {query.data.live} live certificates{query.data.waiting > 0 ? `, ${query.data.waiting} PDFs still being made` : ''}; {query.data.total - query.data.live}{' '}
          revoked.{rows.length < query.data.total ? ` Showing the newest ${rows.length}.` : ''}
        </p>
      ) : null}
      {query.isPending && <p className="admin-status">Loading certificates…</p>}
      {query.isError && <LoadFailed message="The certificates could not be loaded." onRetry={() => void query.refetch()} />}
      {query.data && rows.length === 0 && <p className="admin-status">No certificates here yet.</p>}
      {rows.length > 0 && (
        <PlainTable label="Certificates">
          <ColumnHeads columns={['Certificate', 'Child', 'Contest', 'Award', 'Issued', 'State', 'Actions']} />
          <tbody>
            {rows.map((row) => (
              <CertificateRow key={row.id} row={row} />
            ))}
          </tbody>
        </PlainTable>
      )}
    </AdminPage>
  );
}

function CertificateRow({ row }: { row: AdminCertificate }) {
  const [revoking, setRevoking] = useState(false);
  const [reason, setReason] = useState('');
  const revoke = useRevokeCertificate();
  const reissue = useReissueCertificate();
  const reasonId = `revoke-reason-${row.id}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    revoke.mutate({ id: row.id, reason }, { onSuccess: () => setRevoking(false) });
  };
  return (
    <tr className="admin-row">
      <td>
        <code>{row.id}</code>
      </td>
      <td>
        {row.childName} <span className="admin-ref">{row.referenceCode}</span>
        <span className="admin-muted"> · {row.language === 'ta' ? 'Tamil' : 'English'}</span>
      </td>
      <td>{isCategorySlug(row.category) ? categoryLabel(row.category) : row.category}</td>
      <td>{awardLabel(row.award as Award, 'en')}</td>
      <td>{formatDateTime(row.issuedAt)}</td>
      <td>
        {row.revokedAt ? (
          <>
            Revoked: {row.revokedReason}
            {row.replacedBy ? <span className="admin-muted"> (now {row.replacedBy})</span> : null}
          </>
        ) : row.ready ? (
          'Ready'
        ) : row.renderError ? (
          `Waiting: ${row.renderError}`
        ) : (
          'Being made'
        )}
      </td>
      <td>
        {row.revokedAt ? null : (
          <div className="admin-certificates__actions">
            <SensitiveDownload className="button button--small" href={certificatePdfHref(row.id)}>
              PDF
            </SensitiveDownload>
            <a className="button button--small" href={`/verify/${row.id}`} target="_blank" rel="noreferrer">
              Check page
            </a>
            <button type="button" className="button button--small" disabled={reissue.isPending} onClick={() => reissue.mutate(row.id)}>
              {reissue.isPending ? 'Re-issuing…' : 'Re-issue'}
            </button>
            <button type="button" className="button button--small" aria-expanded={revoking} onClick={() => setRevoking((open) => !open)}>
              Revoke…
            </button>
          </div>
        )}
        {revoking ? (
          <form onSubmit={submit} className="admin-certificates__revoke">
            <FormField label="Why is it revoked?" id={reasonId} layout="compact">
              {(control) => <input {...control} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={300} required />}
            </FormField>
            <button type="submit" className="button button--small" disabled={revoke.isPending}>
              {revoke.isPending ? 'Revoking…' : 'Revoke'}
            </button>
          </form>
        ) : null}
        <ActionFailed action={revoke} />
        <ActionFailed action={reissue} />
        {reissue.isSuccess ? <p role="status">Re-issued as {reissue.data.id}.</p> : null}
      </td>
    </tr>
  );
}
