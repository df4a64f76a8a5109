import { useUnpaidAfterDeadline } from '../api/get-unpaid-after-deadline';
import { formatDateTime, rupeesOfPaise } from '../utils/format';
import { PAYMENT_STATUS_LABELS } from '../utils/payment-labels';
import { CaptionedTable } from './plain-table';
import { plural } from '@domain/plural';

/** The last day registrations are open, in Chennai (the deadline is the next midnight). */
const lastDay = (deadline: string) => new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'Asia/Kolkata' }).format(new Date(Date.parse(deadline) - 1));

const REMINDER_LABELS: Record<string, string> = { queued: 'Reminder waiting to go', sending: 'Reminder going out', sent: 'Reminded', failed: 'Reminder failed', skipped: 'Reminder held back' };

/**
 * Once registrations have closed (issue 49): who still owes the online fee, after the one last
 * reminder each got. Nothing is deleted for it: the organisers call, waive or cancel.
 */
export function UnpaidAfterDeadline() {
  const query = useUnpaidAfterDeadline();
  const data = query.data;
  return (
    <section className="admin-payments__section" aria-labelledby="unpaid-heading">
      <h2 id="unpaid-heading">Unpaid after the deadline</h2>
      {query.isError ? <p role="alert">Could not load the list. Try again.</p> : null}
      {data && !data.passed ? <p>Registrations close at the end of {lastDay(data.deadline)}. Once they have, each registration still owing its online fee gets one last reminder and is listed here; none is removed automatically.</p> : null}
      {data?.passed && data.items.length === 0 ? <p>Every registration has paid its online fee.</p> : null}
      {data?.passed && data.items.length > 0 ? (
        <>
          <p className="admin-muted">
            {plural(data.total, { one: '# registration still owes its', other: '# registrations still owe their' })} online fee. Each got one last reminder; none is removed automatically.
            {data.total > data.items.length ? ` The oldest ${data.items.length} are shown.` : ''}
          </p>
          <CaptionedTable caption="Unpaid after the deadline" columns={['Registration', 'Contact', 'Status', 'Due', 'Paid', 'Last reminder']}>
            {data.items.map((item) => (
              <tr key={item.id}>
                <td>
                  {item.referenceCode}
                  {item.name ? ` (${item.name})` : ''}
                </td>
                <td>
                  {item.email}
                  <br />
                  {item.phone}
                </td>
                <td>{PAYMENT_STATUS_LABELS[item.status]}</td>
                <td>{rupeesOfPaise(item.duePaise)}</td>
                <td>{rupeesOfPaise(item.paidPaise)}</td>
                <td>
                  {item.reminder ? `${REMINDER_LABELS[item.reminder.status] ?? item.reminder.status}${item.reminder.sentAt ? ` ${formatDateTime(item.reminder.sentAt)}` : ''}` : 'Not yet'}
                  {item.reminder?.note ? <span className="admin-detail__reason">{item.reminder.note}</span> : null}
                </td>
              </tr>
            ))}
          </CaptionedTable>
        </>
      ) : null}
    </section>
  );
}
