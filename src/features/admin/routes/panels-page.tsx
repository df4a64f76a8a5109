import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fits } from '@domain/judge-assignment';
import { plural } from '@domain/plural';
import { sessionsClash } from '@domain/live-judging';
import { VENUE_SESSIONS } from '@domain/season';
import type { CategorySlug } from '@domain/categories';
import type { Expertise } from '@domain/judging';
import { ApiRequestError } from '@/lib/api-client';
import { panelsOptions, useChangePanel } from '../api/panels';
import { useRedirectWhenSignedOut } from '../hooks/use-redirect-when-signed-out';
import { ColumnHeads } from '../components/plain-table';

const sessionById = (id: string) => VENUE_SESSIONS.find((session) => session.id === id);

/**
 * Panels for judging at the venue (issue 45): each in-person session's 3-5 judges and its head of
 * venue, and each judge's sessions with any clash (one judge cannot be in two places at once; the
 * server refuses it too, with judges whose expertise does not fit or who declared a conflict).
 */
export function PanelsPage() {
  const panels = useQuery(panelsOptions());
  const change = useChangePanel();
  const [problem, setProblem] = useState<string | null>(null);
  const [heads, setHeads] = useState<Record<string, string>>({});
  useRedirectWhenSignedOut(panels.error);

  const run = async (input: Parameters<typeof change.mutateAsync>[0]) => {
    setProblem(null);
    try {
      await change.mutateAsync(input);
    } catch (error) {
      setProblem(error instanceof ApiRequestError ? error.message : 'Not saved: check the connection and try again.');
    }
  };

  if (panels.isPending) return <p className="admin-page">Loading the panels…</p>;
  if (panels.isError) return <p role="alert" className="admin-page">Could not load the panels.</p>;
  const { sessions, judges, panelSize } = panels.data;
  return (
    <section className="admin-page" aria-labelledby="panels-title">
      <h1 id="panels-title">Panels at the venues</h1>
      <p>
        Each session performed on stage is scored live by a panel of {panelSize.min}–{plural(panelSize.max, { one: '# judge', other: '# judges' })}. Judges open it at /judge on a tablet; staff follow it, and the head of the venue publishes it, in
        venue mode.
      </p>
      {problem ? (
        <p className="form-notice form-notice--error" role="alert">
          {problem}
        </p>
      ) : null}
      {sessions.map((session) => {
        const onPanel = new Set(session.panel.map((judge) => judge.judgeId));
        const candidates = judges.filter((judge) => !judge.disabled && !onPanel.has(judge.judgeId) && fits({ id: judge.judgeId, expertise: judge.expertise as Expertise, conflicts: [] }, session.category as CategorySlug));
        return (
          <section key={session.id} className="admin-venue-session" aria-labelledby={`panel-${session.id}`}>
            <h2 id={`panel-${session.id}`}>
              {session.title} · {session.venue} · {session.date}, {session.startTime} ({session.durationMinutes} min)
            </h2>
            <p>
              {session.state === 'published' ? 'Results published. ' : ''}
              Panel ({session.panel.length} of {panelSize.min}–{panelSize.max}): {session.panel.length === 0 ? 'nobody yet.' : null}
            </p>
            <ul>
              {session.panel.map((judge) => (
                <li key={judge.judgeId}>
                  {judge.username}{' '}
                  {session.state !== 'published' ? (
                    <button type="button" className="button button--small" onClick={() => void run({ kind: 'remove', sessionId: session.id, judgeId: judge.judgeId })}>
                      Take {judge.username} off
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
            {session.state !== 'published' && session.panel.length < panelSize.max ? (
              <form
                className="admin-inline-form"
                onSubmit={(event) => {
                  event.preventDefault();
                  const judgeId = new FormData(event.currentTarget).get('judgeId');
                  if (typeof judgeId === 'string' && judgeId) void run({ kind: 'add', sessionId: session.id, judgeId });
                }}
              >
                <label>
                  Add a judge{' '}
                  <select name="judgeId" defaultValue="">
                    <option value="">Choose…</option>
                    {candidates.map((judge) => (
                      <option key={judge.judgeId} value={judge.judgeId}>
                        {judge.username} ({judge.expertise})
                      </option>
                    ))}
                  </select>
                </label>{' '}
                <button type="submit" className="button button--small">
                  Add to the panel
                </button>
              </form>
            ) : null}
            <form
              className="admin-inline-form"
              onSubmit={(event) => {
                event.preventDefault();
                void run({ kind: 'head', sessionId: session.id, username: (heads[session.id] ?? session.headUsername ?? '').trim() || null });
              }}
            >
              <label>
                Head of the venue (a staff username; may publish){' '}
                <input value={heads[session.id] ?? session.headUsername ?? ''} onChange={(e) => setHeads((current) => ({ ...current, [session.id]: e.target.value }))} />
              </label>{' '}
              <button type="submit" className="button button--small">
                Save
              </button>
            </form>
            <p>
              <a href={`/venue?session=${encodeURIComponent(session.id)}`}>Follow the session in venue mode</a> · <a href={`/results/live/${session.id}`}>Hall screen</a>
            </p>
          </section>
        );
      })}
      <h2>Judges and their sessions</h2>
      <table className="admin-table">
        <caption>Each judge’s sessions; a clash is two at the same time</caption>
        <ColumnHeads columns={['Judge', 'Expertise', 'Sessions', 'Clashes']} />
        <tbody>
          {judges.map((judge) => {
            const theirs = judge.sessions.map(sessionById).filter((s): s is NonNullable<typeof s> => Boolean(s));
            const clashes = theirs.flatMap((a, i) => theirs.slice(i + 1).filter((b) => sessionsClash(a, b)).map((b) => `${a.title} / ${b.title}`));
            return (
              <tr key={judge.judgeId}>
                <td>{judge.username}</td>
                <td>{judge.expertise}</td>
                <td>{theirs.length === 0 ? '–' : theirs.map((s) => `${s.title} (${s.date} ${s.startTime})`).join('; ')}</td>
                <td>{clashes.length === 0 ? 'None' : clashes.join('; ')}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
