import { venueSessionById } from '@domain/season';
import { useMemo, useSyncExternalStore } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { syncEngine, useOutboxRecords } from '@/lib/outbox';
import { useStaffSession } from '../api/staff-session';
import { dayOf, timeOf } from '../utils/format';
import { syncWords } from '../utils/sync-words';
import { useDeviceName } from '../utils/device-id';

/**
 * Venue mode's own header, in place of the public site's: the session, who is signed in, and
 * whether everything reached the server, in words. Loading it starts this tab's sync engine.
 */
export function VenueHeader() {
  const [params] = useSearchParams();
  const session = venueSessionById(params.get('session') ?? '');
  const staff = useStaffSession();
  const device = useDeviceName();
  return (
    <header className="venue-header">
      <div className="venue-header__inner">
        <p className="venue-header__title">
          <img src="/icons/icon.svg" alt="" width={28} height={28} />
          Venue mode
        </p>
        <SyncState />
        <p className="venue-header__line">
          {session ? `${session.title} · ${session.venue} · ${dayOf(session)}` : 'No session chosen'}
        </p>
        <p className="venue-header__line">{staff ? `Signed in as ${staff.username}${device ? ` on ${device}` : ''} until ${timeOf(staff.expiresAt)}` : 'Not signed in'}</p>
      </div>
    </header>
  );
}

function SyncState() {
  const sync = useSyncExternalStore(
    (onChange) => syncEngine().subscribe(onChange),
    () => syncEngine().getState(),
  );
  const records = useOutboxRecords();
  const statuses = useMemo(() => (records.data ?? []).map((record) => record.status).filter((status) => status !== 'synced'), [records.data]);
  const words = records.data ? syncWords(statuses, sync) : '';
  return (
    <p className={`venue-header__sync${statuses.length === 0 ? ' is-sent' : ''}`} aria-live="polite">
      {statuses.length > 0 ? (
        // The list of what waits, with retry and export, is /saved.
        <Link to="/saved">{words}</Link>
      ) : (
        words
      )}
    </p>
  );
}
