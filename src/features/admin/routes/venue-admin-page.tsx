import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, SubmitButton } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { useFieldErrors } from '@/components/form/use-field-errors';
import { ApiRequestError } from '@/lib/api-client';
import { venueSummaryOptions } from '../api/get-venue-summary';
import { staffAccountsOptions, useChangeStaffAccount } from '../api/staff-accounts';
import { useRedirectWhenSignedOut } from '../hooks/use-redirect-when-signed-out';
import { formatDateTime } from '../utils/format';
import { ColumnHeads } from '../components/plain-table';

/** Venue mode for admins: each in-person session's figures, and the staff accounts. */
export function VenueAdminPage() {
  return (
    <section className="admin-page" aria-labelledby="venue-admin-title">
      <h1 id="venue-admin-title">Venue sessions and staff</h1>
      <SessionFigures />
      <StaffAccounts />
    </section>
  );
}

function SessionFigures() {
  const summary = useQuery(venueSummaryOptions());
  useRedirectWhenSignedOut(summary.error);
  if (summary.isPending) return <p>Loading the sessions…</p>;
  if (summary.isError) return <p role="alert">Could not load the sessions.</p>;
  return (
    <>
      {summary.data.sessions.map((s) => (
        <section key={s.sessionId} className="admin-venue-session" aria-labelledby={`session-${s.sessionId}`}>
          <h2 id={`session-${s.sessionId}`}>
            {s.session.title} · {s.session.venue} · {s.session.date}
          </h2>
          <dl className="admin-venue-figures">
            {(
              [
                ['Expected', String(s.expected)],
                ['Checked in', String(s.checkedIn)],
                ['Age outside the band', String(s.ageOutsideBand)],
                ['Walk-ins', String(s.walkIns)],
                ['Fees collected', `${s.fees.paid} (₹${s.fees.paidRupees})`],
                ['Fees waived', `${s.fees.waived} (₹${s.fees.waivedRupees})`],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          {s.byStaff.length > 0 ? (
            <table className="admin-table">
              <caption>Who did what, on which device</caption>
              <ColumnHeads columns={['Staff', 'Device', 'Check-ins', 'Walk-ins', 'Fees paid', 'Fees waived']} />
              <tbody>
                {s.byStaff.map((row) => (
                  <tr key={`${row.staffUsername}-${row.deviceId}`}>
                    <td>{row.staffUsername}</td>
                    <td>
                      {row.deviceName ?? 'Not named'}
                      <span className="admin-muted"> ({row.deviceId})</span>
                    </td>
                    <td>{row.checkIns}</td>
                    <td>{row.walkIns}</td>
                    <td>{row.feesPaid}</td>
                    <td>{row.feesWaived}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p>Nothing recorded at this session yet.</p>
          )}
        </section>
      ))}
    </>
  );
}

function StaffAccounts() {
  const accounts = useQuery(staffAccountsOptions());
  const change = useChangeStaffAccount();
  const form = useFieldErrors();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  useRedirectWhenSignedOut(accounts.error);

  async function onCreate() {
    setMessage(null);
    try {
      await change.mutateAsync({ kind: 'create', username, password });
      setMessage(`Staff account "${username.trim().toLowerCase()}" created.`);
      setUsername('');
      setPassword('');
      form.reset();
    } catch (error) {
      if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) form.show(error.fields);
      else setMessage(error instanceof Error ? error.message : 'Could not create the account.');
    }
  }

  async function onReset(name: string) {
    const next = window.prompt(`New password for ${name} (at least 12 characters):`);
    if (!next) return;
    try {
      await change.mutateAsync({ kind: 'password', username: name, password: next });
      setMessage(`New password set for ${name}; their devices must sign in again.`);
    } catch (error) {
      setMessage(error instanceof Error ? error.message : 'Could not set the password.');
    }
  }

  return (
    <section aria-labelledby="staff-accounts">
      <h2 id="staff-accounts">Staff accounts</h2>
      <p>Staff accounts work in venue mode (/venue) only: every admin page and API refuses them.</p>
      <div role="status">{message ? <p>{message}</p> : null}</div>
      {accounts.isSuccess ? (
        <table className="admin-table">
          <ColumnHeads columns={['Username', 'Role', 'Status', 'Created', 'Actions']} />
          <tbody>
            {accounts.data.items.map((account) => (
              <tr key={account.username}>
                <td>{account.username}</td>
                <td>{account.role}</td>
                <td>{account.disabled ? 'Disabled' : 'Active'}</td>
                <td>{formatDateTime(account.createdAt)}</td>
                <td>
                  {account.role === 'staff' ? (
                    <>
                      <button
                        type="button"
                        className="button button--small"
                        onClick={() => change.mutate({ kind: account.disabled ? 'enable' : 'disable', username: account.username })}
                      >
                        {account.disabled ? 'Enable' : 'Disable'} {account.username}
                      </button>{' '}
                      <button type="button" className="button button--small" onClick={() => void onReset(account.username)}>
                        Reset password of {account.username}
                      </button>
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <h3>Add a staff account</h3>
      <Form className="form" onSubmit={onCreate}>
        <FormField label="Username" {...form.field('username')}>
          {(control) => <input {...control} autoComplete="off" value={username} onChange={(e) => setUsername(e.target.value)} />}
        </FormField>
        <FormField label="Password" hint="At least 12 characters, hard to guess." {...form.field('password')}>
          {(control) => <input {...control} type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />}
        </FormField>
        <SubmitButton busy={change.isPending}>Create staff account</SubmitButton>
      </Form>
    </section>
  );
}
