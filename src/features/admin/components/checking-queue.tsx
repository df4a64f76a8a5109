import { plural } from '@domain/plural';

const time = new Intl.DateTimeFormat('en-IN', { timeStyle: 'short', timeZone: 'Asia/Kolkata' });

/** The checking queue (issue 48, ADR 026): how many entries wait and when the last should be ready. */
export type CheckingQueue = { waiting: number; held: number; readyBy: string | null; secondsLeft: number | null };

function inAbout(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 90) return plural(minutes, { one: '# minute', other: '# minutes' });
  return plural(Math.round(minutes / 60), { one: '# hour', other: '# hours' });
}

/** One line on the entries page and the overview; "nothing waiting" when the queue is empty. */
export function CheckingQueueNote({ queue }: { queue: CheckingQueue }) {
  if (queue.waiting === 0 || !queue.readyBy || queue.secondsLeft === null) {
    return (
      <p className="admin-muted" role="status">
        Checking queue: nothing waiting.
      </p>
    );
  }
  return (
    <p className="admin-muted" role="status">
      Checking queue: {queue.waiting} {queue.waiting === 1 ? 'entry' : 'entries'} waiting; the last should be ready at about{' '}
      {time.format(new Date(queue.readyBy))} (in about {inAbout(queue.secondsLeft)}), at the pace of the latest checks.
      {queue.held > 0 ? ` ${queue.held} of them wait for a server problem to be fixed (see its row).` : ''}
    </p>
  );
}
