import { useState } from 'react';
import type { AuditEntry } from '../api/get-admin-list';
import { AdminList, type Column } from '../components/admin-list';
import { formatDateTime } from '../utils/format';

const ACTION_LABELS: Record<string, string> = {
  login: 'Signed in',
  logout: 'Signed out',
  login_failed: 'Failed sign-in',
  login_blocked: 'Sign-in blocked (too many failures)',
  'registration.update': 'Edited registration',
  'registration.delete': 'Deleted registration',
  'registration.restore': 'Restored registration',
  'contact.handled': 'Marked message handled',
  'contact.unhandled': 'Marked message unhandled',
  'registration.resend_confirmation': 'Resent the confirmation email',
  'registration.erase': 'Erased registration (family’s request)',
  'registration.cancel': 'Cancelled registration',
  'registration.consent': 'Gave parental consent',
  'registration.erasure_requested': 'Asked for erasure',
  'registration.links_turned_off': 'Turned off older private links',
  'judge.review': 'Reviewed judge application',
  'retention.notice': 'Retention: families notified',
  'retention.erase': 'Retention: season data erased',
  'payment.reported': 'Reported a UPI payment',
  'ledger.record': 'Recorded a payment, waiver or refund',
  'ledger.void': 'Voided a ledger entry',
  'statement.import': 'Imported a bank statement',
  'statement.match': 'Matched a statement row',
  'statement.unmatch': 'Undid a statement match',
  'statement.ignore': 'Ignored a statement row',
  'statement.resolve': 'Resolved an overpaid or double-paid line',
  'statement.import_undo': 'Undid a statement import',
  'read.registrations.list': 'Viewed registrations',
  'read.registrations.export': 'Exported registrations (CSV)',
  'read.registration.detail': 'Viewed a registration',
  'read.judges.list': 'Viewed judge applications',
  'read.judge.photo': 'Viewed a judge photo',
  'read.contact.list': 'Viewed contact messages',
  'read.newsletter.list': 'Viewed newsletter subscribers',
  'read.newsletter.export': 'Exported newsletter subscribers',
  'read.legacy_users.list': 'Listed registrations (legacy API)',
  'read.statements.list': 'Viewed bank statement lines',
  'read.statements.refunds': 'Viewed the refunds to make',
  'read.statements.refunds_export': 'Exported the refunds to make (CSV)',
  'read.ledger.unpaid': 'Viewed the unpaid after the deadline',
  'read.ledger.list': 'Viewed the ledger',
  'read.ledger.export': 'Exported the accounts (CSV)',
};

const COLUMNS: Column<AuditEntry>[] = [
  { header: 'When', cell: (entry) => formatDateTime(entry.createdAt) },
  { header: 'Admin', cell: (entry) => entry.adminUsername ?? '—' },
  { header: 'Action', cell: (entry) => ACTION_LABELS[entry.action] ?? entry.action },
  {
    header: 'Record',
    cell: (entry) => (entry.entityType ? `${entry.entityType}${entry.entityId ? ` ${entry.entityId.slice(0, 8)}` : ''}` : '—'),
  },
  { header: 'Changes', className: 'admin-cell--long', cell: (entry) => <ChangeList changes={entry.changes} /> },
  { header: 'From', className: 'admin-cell--long', cell: (entry) => [entry.ip, entry.userAgent].filter(Boolean).join(' · ') || '—' },
];

/** `changes` is `{ field: { from, to } }` or `{ field: value }`; anything else is shown as JSON. */
function ChangeList({ changes }: { changes: unknown }) {
  if (!changes || typeof changes !== 'object' || Array.isArray(changes)) {
    return <>{changes === null || changes === undefined ? '—' : JSON.stringify(changes)}</>;
  }
  const entries = Object.entries(changes as Record<string, unknown>);
  if (entries.length === 0) return <>—</>;
  return (
    <ul className="admin-changes">
      {entries.map(([field, value]) => (
        <li key={field}>
          <strong>{field}</strong>: {describe(value)}
        </li>
      ))}
    </ul>
  );
}

function describe(value: unknown): string {
  if (value && typeof value === 'object' && 'from' in value && 'to' in value) {
    const { from, to } = value as { from: unknown; to: unknown };
    return `${JSON.stringify(from)} → ${JSON.stringify(to)}`;
  }
  return JSON.stringify(value);
}

export function AuditPage() {
  const [kind, setKind] = useState('');
  return (
    <AdminList resource="audit" title="Audit log" noun="audit entries" columns={COLUMNS} params={kind ? `kind=${kind}` : ''}>
      <div className="admin-toolbar">
        <label htmlFor="audit-kind">Show</label>
        <select id="audit-kind" value={kind} onChange={(e) => setKind(e.target.value)}>
          <option value="">Every entry</option>
          <option value="change">Changes only</option>
          <option value="read">Reads of personal data only</option>
        </select>
      </div>
    </AdminList>
  );
}
