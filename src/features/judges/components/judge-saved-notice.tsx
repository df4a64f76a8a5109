import { Link } from 'react-router-dom';
import { useOutboxRecord } from '@/lib/outbox/outbox-queries';
import { QueryProvider } from '@/lib/query-client';

/** Whether the application has reached us yet, read live from the outbox. */
export function JudgeSavedNotice({ id }: { id: string }) {
  return (
    <QueryProvider>
      <SavedNotice id={id} />
    </QueryProvider>
  );
}

function SavedNotice({ id }: { id: string }) {
  const { data: record } = useOutboxRecord(id);
  const sent = record?.status === 'synced';
  return (
    <div className="form-notice form-notice--success">
      <p>
        <strong>Thank you for applying to our teaching panel!</strong>
      </p>
      <p>
        {sent ? (
          'Your application has reached us. We will get in touch soon.'
        ) : (
          <>
            Saved on this device, will be sent automatically. <Link to="/saved">See what is saved</Link>
          </>
        )}
      </p>
    </div>
  );
}
