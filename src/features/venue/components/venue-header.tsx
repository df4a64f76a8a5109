import { venueSessionById } from '@domain/season';
import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useT } from '@/lib/i18n/use-t';
import { syncEngine, useOutboxRecords } from '@/lib/outbox';
import { useStaffSession } from '../api/staff-session';
import { useDeviceName } from '../utils/device-id';
import { dayOf, sessionText, timeOf } from '../utils/format';
import { syncWords } from '../utils/sync-words';
import { LogoMark } from '@/components/logo-mark';
import { AppLink } from '@/components/app-link';

/**
 * Venue mode's own header, in place of the public site's: the session, who is signed in on which
 * device, and whether everything reached the server, in words. `languageSwitch` is the shell's
 * link to the same screen in the other language. Loading it starts this tab's sync engine.
 */
export function VenueHeader({ languageSwitch }: { languageSwitch?: ReactNode }) {
  const { t } = useT();
  const [params] = useSearchParams();
  const session = venueSessionById(params.get('session') ?? '');
  const staff = useStaffSession();
  const device = useDeviceName();
  const where = session ? sessionText(session) : null;
  return (
    <header className="venue-header">
      <div className="venue-header__inner">
        <p className="venue-header__title">
          <LogoMark size={28} />
          {t('venue.title')}
        </p>
        <SyncState />
        <p className="venue-header__line">{session && where ? `${where.title} · ${where.venue} · ${dayOf(session)}` : t('venue.header.noSession')}</p>
        <div className="venue-header__line venue-header__staff">
          <p>
            {!staff
              ? t('venue.header.notSignedIn')
              : device
                ? t('venue.header.signedInOn', { staff: staff.username, device, time: timeOf(staff.expiresAt) })
                : t('venue.header.signedIn', { staff: staff.username, time: timeOf(staff.expiresAt) })}
          </p>
          {languageSwitch}
        </div>
      </div>
    </header>
  );
}

function SyncState() {
  const { to } = useT();
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
        <AppLink to={to('/saved')}>{words}</AppLink>
      ) : (
        words
      )}
    </p>
  );
}
