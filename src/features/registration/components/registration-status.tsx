import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useOutboxRecord } from '@/lib/outbox/outbox-queries';
import { QueryProvider } from '@/lib/query-client';
import { SUCCESS_MESSAGE } from '../messages';

/** Live status of a saved registration, read from the outbox (loaded only after a submit). */
function useSyncStatus(id: string, localCode: string) {
  const { data: record } = useOutboxRecord(id);
  const sent = record?.status === 'synced';
  // The device's record holds the code shown to the family; until it is read, show the form's.
  const code = record && record.kind === 'registration' ? record.referenceCode : localCode;
  return { record, sent, code };
}

export function SuccessPanel({ id, code }: { id: string; code: string }) {
  return (
    <QueryProvider>
      <SuccessContent id={id} localCode={code} />
    </QueryProvider>
  );
}

function SuccessContent({ id, localCode }: { id: string; localCode: string }) {
  const { sent, code } = useSyncStatus(id, localCode);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="registration-success" role="status">
      <h2 ref={headingRef} tabIndex={-1}>
        {SUCCESS_MESSAGE}
      </h2>
      <p className="registration-success__code">
        Reference code <strong>{code}</strong>
      </p>
      <p>{sent ? 'Sent to the organisers.' : 'Saved on this device, will be sent automatically.'}</p>
      <p className="registration-success__next">
        Once it reaches us we email a confirmation with a private link to view, correct or cancel it. No email?{' '}
        <Link to="/find-my-registration">Find my registration</Link>
      </p>
    </div>
  );
}

export function PreviousRegistration({ id, code }: { id: string; code: string }) {
  return (
    <QueryProvider>
      <PreviousContent id={id} localCode={code} />
    </QueryProvider>
  );
}

function PreviousContent({ id, localCode }: { id: string; localCode: string }) {
  const { record, sent, code } = useSyncStatus(id, localCode);
  if (!record) return null;
  return (
    <p className="registration-previous">
      Last registration: <strong>{code}</strong> — {sent ? 'sent' : <Link to="/saved">saved on this device</Link>}
    </p>
  );
}
