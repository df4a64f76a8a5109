import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PLACE_RULES, type LaterLevelId } from '@domain/later-levels';
import { plural } from '@domain/plural';
import { categoryBySlug, isCategorySlug } from '@domain/categories';
import { ApiRequestError } from '@/lib/api-client';
import { placesOptions, usePlaceAction, type PlaceLine, type PlacePool } from '../api/places';
import { ColumnHeads, PlainTable } from '../components/plain-table';
import { useRedirectWhenSignedOut } from '../hooks/use-redirect-when-signed-out';

const LEVELS: readonly { id: LaterLevelId; label: string }[] = [
  { id: 'level2', label: 'Semi-finals' },
  { id: 'level3', label: 'Grand finale' },
];

const STATE_LABEL: Record<PlaceLine['state'], string> = {
  waiting: 'Waiting',
  invited: 'Invited',
  accepted: 'Accepted',
  declined: 'Declined',
  lapsed: 'No answer',
};

const categoryLabel = (slug: string) => (isCategorySlug(slug) ? categoryBySlug(slug).name : slug);

const timeIn = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

/**
 * The semi-finals and the grand finale (issue 46, ADR 036): each contest and age band's line, who
 * is invited, who answered, the waiting list after them, and each place's session and slot. The
 * admin sends a level's invitations, runs the deadline's step now (it also runs by itself every
 * few minutes), and moves a place to another slot (the family is emailed once).
 */
export function PlacesPage() {
  const [levelId, setLevelId] = useState<LaterLevelId>('level2');
  const places = useQuery(placesOptions(levelId));
  const action = usePlaceAction();
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  useRedirectWhenSignedOut(places.error);

  const run = async (input: Parameters<typeof action.mutateAsync>[0], done: (answer: Record<string, number>) => string) => {
    setMessage(null);
    try {
      const answer = (await action.mutateAsync(input)) as Record<string, number>;
      setMessage({ kind: 'ok', text: done(answer) });
    } catch (error) {
      setMessage({ kind: 'error', text: error instanceof ApiRequestError ? error.message : 'Not done: check the connection and try again.' });
    }
  };
  const level = LEVELS.find((l) => l.id === levelId)!;
  return (
    <section className="admin-page admin-places" aria-labelledby="places-title">
      <h1 id="places-title">Semi-finals and grand finale</h1>
      <p>
        Each contest and age band has as many places as children qualified (at most its sessions’ seats). Invitations ask for an answer within{' '}
        {plural(PLACE_RULES.answerDays, { one: '# day', other: '# days' })}, with one reminder {plural(PLACE_RULES.reminderDaysBefore, { one: '# day', other: '# days' })} before; a place
        declined or not answered goes to the next child in line. Slots are {PLACE_RULES.performMinutes} minutes on stage and {PLACE_RULES.changeoverMinutes} minutes’ changeover.
      </p>
      <div className="admin-places__bar" role="group" aria-label="Level">
        {LEVELS.map((l) => (
          <button key={l.id} type="button" className={`button${l.id === levelId ? ' button--primary' : ''}`} aria-pressed={l.id === levelId} onClick={() => setLevelId(l.id)}>
            {l.label}
          </button>
        ))}
        <button
          type="button"
          className="button"
          disabled={action.isPending}
          onClick={() => void run({ kind: 'invite', levelId }, (a) => `${level.label}: ${plural(a.invited ?? 0, { one: '# invitation', other: '# invitations' })} sent, ${plural(a.inLine ?? 0, { one: '# child', other: '# children' })} in line.`)}
        >
          {levelId === 'level2' ? 'Send the semi-finals invitations' : 'Send the grand finale invitations'}
        </button>
        <button
          type="button"
          className="button"
          disabled={action.isPending}
          onClick={() =>
            void run({ kind: 'deadline' }, (a) => `Deadline step: ${plural(a.lapsed ?? 0, { one: '# place', other: '# places' })} lapsed, ${plural(a.reminded ?? 0, { one: '# reminder', other: '# reminders' })}, ${plural(a.invited ?? 0, { one: '# new invitation', other: '# new invitations' })}.`)
          }
        >
          Run the deadline step now
        </button>
      </div>
      {message ? (
        <p className={`form-notice form-notice--${message.kind === 'ok' ? 'success' : 'error'}`} role={message.kind === 'ok' ? 'status' : 'alert'}>
          {message.text}
        </p>
      ) : null}
      {places.data && places.data.unseated.length > 0 ? (
        <div className="form-notice form-notice--error" role="alert">
          <p>These contests have children who qualified but no {level.label.toLowerCase()} session in the season module (domain/season.ts), so nobody there can be invited yet:</p>
          <ul>
            {places.data.unseated.map((pool) => (
              <li key={`${pool.category}-${pool.ageBand}`}>
                {categoryLabel(pool.category)}, {pool.ageBand} years: {plural(pool.qualified, { one: '# child', other: '# children' })} qualified
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {places.isPending ? <p>Loading the places…</p> : null}
      {places.isError ? <p role="alert">Could not load the places.</p> : null}
      {places.data?.pools.map((pool) => (
        <PoolTable key={`${pool.category}-${pool.ageBand}`} pool={pool} levelId={levelId} onMove={(move, label) => void run({ kind: 'move', ...move }, () => `${label} moved; the family is emailed the new time.`)} />
      ))}
    </section>
  );
}

function PoolTable({ pool, levelId, onMove }: { pool: PlacePool; levelId: LaterLevelId; onMove: (move: { registrationId: string; levelId: LaterLevelId; category: string; sessionId: string; slot: number }, label: string) => void }) {
  const count = (state: PlaceLine['state']) => pool.rows.filter((row) => row.state === state).length;
  const titleId = `pool-${pool.category}-${pool.ageBand}`;
  return (
    <section className="admin-places__pool" aria-labelledby={titleId}>
      <h2 id={titleId}>
        {pool.sessions[0]?.title.replace(/,.*$/, '') ?? `${pool.category} ${pool.ageBand}`}: {plural(pool.places, { one: '# place', other: '# places' })}
      </h2>
      <p>
        {pool.sessions.map((session) => `${session.title} · ${session.venue} · ${session.date} from ${session.startTime} · ${plural(session.capacity, { one: '# slot', other: '# slots' })}`).join('; ')}
      </p>
      <p>
        {plural(pool.rows.length, { one: '# child', other: '# children' })} in line · invited {count('invited')} · accepted {count('accepted')} · declined {count('declined')} · no answer {count('lapsed')} · waiting {count('waiting')}
      </p>
      {pool.rows.length === 0 ? (
        <p>Nobody in line yet: the line forms when the earlier level’s results are published and the invitations are sent.</p>
      ) : (
        <PlainTable label={`Line for ${pool.category} ${pool.ageBand}`}>
            <ColumnHeads columns={['In line', 'Child', 'State', 'Slot', 'Answer by', 'Move to slot']} />
            <tbody>
              {pool.rows.map((row) => (
                <PlaceRow key={row.registrationId} row={row} pool={pool} levelId={levelId} onMove={onMove} />
              ))}
            </tbody>
        </PlainTable>
      )}
    </section>
  );
}

function PlaceRow({ row, pool, levelId, onMove }: { row: PlaceLine; pool: PlacePool; levelId: LaterLevelId; onMove: Parameters<typeof PoolTable>[0]['onMove'] }) {
  const [slot, setSlot] = useState('');
  const label = `${row.name ?? row.referenceCode} (${row.referenceCode})`;
  const session = pool.sessions.find((s) => s.id === row.sessionId);
  const holding = row.state === 'invited' || row.state === 'accepted';
  return (
    <tr>
      <td>
        {row.rank}
        {row.qualified ? '' : ' (reserve)'}
      </td>
      <td>
        {label}
        {row.removed ? ' · registration cancelled' : ''}
      </td>
      <td>{STATE_LABEL[row.state]}</td>
      <td>
        {session && row.slot ? `${row.slot} · ${row.slotAt ? timeIn(row.slotAt) : ''}${pool.sessions.length > 1 ? ` · ${session.title}` : ''}` : '–'}
        {row.clash ? ' · clashes with a sibling or classmate: move it' : ''}
      </td>
      <td>{row.state === 'invited' && row.answerBy ? timeIn(row.answerBy) : '–'}</td>
      <td>
        {holding && session ? (
          <form
            className="admin-places__move"
            onSubmit={(event) => {
              event.preventDefault();
              const number = Number(slot);
              if (Number.isInteger(number) && number > 0) onMove({ registrationId: row.registrationId, levelId, category: pool.category, sessionId: session.id, slot: number }, label);
            }}
          >
            <label>
              <span className="visually-hidden">New slot for {label}</span>
              <input type="number" min={1} max={session.capacity} inputMode="numeric" value={slot} onChange={(event) => setSlot(event.target.value)} size={3} />
            </label>
            <button type="submit" className="button">
              Move
            </button>
          </form>
        ) : null}
      </td>
    </tr>
  );
}
