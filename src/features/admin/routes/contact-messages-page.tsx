import { useMutation, useQueryClient } from '@tanstack/react-query';
import { markContactHandled, type ContactMessage } from '../api/get-admin-list';
import { adminKeys } from '../api/query-keys';
import { AdminList, type Column } from '../components/admin-list';
import { formatDateTime } from '../utils/format';

function HandledToggle({ message }: { message: ContactMessage }) {
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (handled: boolean) => markContactHandled(message.id, handled),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.list('contact') }),
  });
  const handled = message.handledAt !== null;
  return (
    <div className="admin-handled">
      {handled && (
        <span className="admin-muted">
          Handled {message.handledBy ? `by ${message.handledBy} ` : ''}on {formatDateTime(message.handledAt)}
        </span>
      )}
      <button
        type="button"
        className="button button--small"
        disabled={toggle.isPending}
        onClick={() => toggle.mutate(!handled)}
        aria-label={`${handled ? 'Mark unhandled' : 'Mark handled'}: message from ${message.name}`}
      >
        {handled ? 'Mark unhandled' : 'Mark handled'}
      </button>
      {toggle.isError && (
        <span className="admin-error" role="alert">
          Could not save. Try again.
        </span>
      )}
    </div>
  );
}

const COLUMNS: Column<ContactMessage>[] = [
  { header: 'Received', cell: (m) => formatDateTime(m.createdAt) },
  { header: 'From', cell: (m) => m.name },
  {
    header: 'Reply by',
    cell: (m) => (
      <>
        <span>{m.contactMethod}</span>
        <br />
        <a href={`mailto:${m.email}`}>{m.email}</a>
        <br />
        <a href={`tel:${m.phone.replace(/[^\d+]/g, '')}`}>{m.phone}</a>
      </>
    ),
  },
  { header: 'Subject', cell: (m) => m.subject },
  { header: 'Message', className: 'admin-cell--long', cell: (m) => m.message },
  { header: 'Status', cell: (m) => <HandledToggle message={m} /> },
];

export function ContactMessagesPage() {
  return <AdminList resource="contact" title="Contact messages" noun="contact messages" columns={COLUMNS} />;
}
