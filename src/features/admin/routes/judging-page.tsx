import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isCategorySlug } from '@domain/categories';
import { FAMILY_NOTE_MAX, MODERATION_SHOWS, type ModerationShow, type RoundSettings, type RoundState } from '@domain/judging';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { entryFileHref } from '../api/get-entries';
import { useAddJudge, useJudgingRound, useModerateNote, useModeration, useMoveRound, useOpenRound, useRemoveJudge, type JudgingRound, type ModeratedEntry, type Moderation, type ModerationView } from '../api/judging';
import { PublishRoundDialog } from '../components/publish-round-dialog';
import { LoadMoreButton } from '../components/load-more-button';
import { ColumnHeads, PlainTable } from '../components/plain-table';
import { useRedirectWhenSignedOut } from '../hooks/use-redirect-when-signed-out';
import { categoryLabel, formatDateTime, lastDayBefore } from '../utils/format';
import { plural } from '@domain/plural';
import { AdminPage } from '../components/admin-page';

const STATE_LABEL: Record<RoundState, string> = {
  scoring: 'Scoring: judges are scoring',
  closed: 'Closed: no more scores',
  results: 'Results computed: check them, then publish',
  published: 'Published: families have been told',
};

type Move = { to: RoundState; label: string; confirm?: { title: string; body: string } };

const MOVES: Record<RoundState, Move[]> = {
  scoring: [{ to: 'closed', label: 'Close scoring', confirm: { title: 'Close scoring?', body: 'Judges can no longer save or change scores. You can open it again until the results are computed.' } }],
  closed: [
    { to: 'results', label: 'Compute results' },
    { to: 'scoring', label: 'Open scoring again' },
  ],
  results: [
    // Its own dialog: it lists the entries that need a look and asks why to publish them anyway.
    { to: 'published', label: 'Publish results' },
    { to: 'closed', label: 'Back to closed' },
  ],
  published: [],
};

/** The moderation view's narrowings, each with its count (issue 49). */
const SHOW_LABEL: Record<ModerationShow, string> = {
  all: 'Every entry',
  look: 'Entries that need a look',
  apart: 'Judges far apart',
  short: 'Too few judges or score sheets',
  notes: 'With notes to the family',
};

const isShow = (value: string | null): value is ModerationShow => MODERATION_SHOWS.includes(value as ModerationShow);

/** The contest and the narrowing, kept in the address so a view can be shared and survives a reload. */
function useModerationView(): [ModerationView, (change: Partial<ModerationView>) => void] {
  const [params, setParams] = useSearchParams();
  const contest = params.get('contest') ?? '';
  const show = params.get('show');
  const view: ModerationView = { contest: isCategorySlug(contest) ? contest : '', show: isShow(show) ? show : 'all' };
  const change = (next: Partial<ModerationView>) => {
    const merged = { ...view, ...next };
    setParams({ ...(merged.contest ? { contest: merged.contest } : {}), ...(merged.show !== 'all' ? { show: merged.show } : {}) }, { replace: true });
  };
  return [view, change];
}

/** The language a judge's emails are written in: the one of the judges' pages they use. */
const LANGUAGE_NAME: Record<JudgingRound['judges'][number]['language'], string> = { en: 'English', ta: 'Tamil' };

/** /admin/judging: the Level 1 round, its judges' progress and figures, and every entry's computed score. */
export function JudgingPage() {
  const round = useJudgingRound('level1');
  useRedirectWhenSignedOut(round.error);
  const roundId = round.data?.round?.id ?? null;
  const [view, setView] = useModerationView();
  const moderation = useModeration(roundId, view);
  const open = useOpenRound();
  const move = useMoveRound();
  const [confirming, setConfirming] = useState<Move | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [said, setSaid] = useState<string | null>(null);

  const current = round.data?.round ?? null;
  const settings = current?.settings as RoundSettings | undefined;
  const doMove = async (step: Move) => {
    if (!current) return;
    try {
      const answer = await move.mutateAsync({ id: current.id, from: current.state, to: step.to });
      const summary = answer.summary;
      if (step.to === 'results' && summary) {
        setSaid(
          `Results computed: ${summary.scored} of ${plural(summary.entries, { one: '# entry', other: '# entries' })} scored` +
            (summary.flagged + summary.short > 0 ? `; ${summary.flagged} with judges far apart, ${summary.short} short of judges.` : '.'),
        );
      } else setSaid(`The round is now: ${STATE_LABEL[step.to]}.`);
    } catch (error) {
      setSaid(error instanceof Error ? error.message : 'Not done. Please try again.');
    } finally {
      setConfirming(null);
    }
  };

  /** Publishing: a refusal stays in the dialog, which shows it. */
  const publish = async (reason: string | undefined) => {
    if (!current) return;
    const answer = await move.mutateAsync({ id: current.id, from: current.state, to: 'published', reason });
    setPublishing(false);
    setSaid(`Published. ${plural(answer.emails, { one: '# result email', other: '# result emails' })} queued, ${plural(answer.certificates, { one: '# certificate', other: '# certificates' })} issued and the results pages are up.`);
  };

  const entries = moderation.data?.pages.flatMap((page) => page.entries) ?? [];
  const first = moderation.data?.pages[0];

  return (
    <AdminPage headingId="judging-heading" title="Judging">
      <p className="admin-muted">
        Level 1’s online entries, scored blind by judges against each contest’s rubric. Each judge’s scores are standardised when they scored at
        least {plural(settings?.minEntriesToStandardise ?? 8, { one: '# entry', other: '# entries' })} of a contest; an entry’s result is the mean of its judges’ values on 0–100 (ADR 027).
      </p>
      {round.isPending ? <p className="admin-status">Loading…</p> : null}
      {said ? (
        <p className="admin-status" role="status">
          {said}
        </p>
      ) : null}

      {round.data && !current ? (
        <div className="admin-panel">
          <p>No judging round yet. Opening it gives every ready entry a number and its judges.</p>
          <button
            type="button"
            className="button button--small"
            disabled={open.isPending}
            onClick={async () => {
              try {
                const answer = await open.mutateAsync('level1');
                setSaid(`Round opened: ${plural(answer.added, { one: '# entry', other: '# entries' })} assigned${answer.short > 0 ? `, ${answer.short} short of judges` : ''}.`);
              } catch (error) {
                setSaid(error instanceof Error ? error.message : 'Not opened. Please try again.');
              }
            }}
          >
            {open.isPending ? 'Opening…' : 'Open Level 1 judging'}
          </button>
        </div>
      ) : null}

      {current ? (
        <div className="admin-panel">
          <p>
            <strong>{STATE_LABEL[current.state]}</strong> · opened {formatDateTime(current.openedAt)}
            {current.publishedAt ? ` · published ${formatDateTime(current.publishedAt)}` : ''}
          </p>
          {current.scoringDeadline && current.state === 'scoring' ? (
            <p className="admin-muted">
              Judges score until the end of {lastDayBefore(current.scoringDeadline)} (Chennai time). Those with entries left are emailed, in their language, 3
              days and 1 day before.
            </p>
          ) : null}
          <div className="admin-toolbar">
            {current.state === 'scoring' ? (
              <button
                type="button"
                className="button button--small"
                disabled={open.isPending}
                onClick={async () => {
                  const answer = await open.mutateAsync('level1');
                  setSaid(answer.added === 0 ? 'No new ready entries.' : `${plural(answer.added, { one: '# new entry', other: '# new entries' })} assigned.`);
                }}
              >
                Add entries that became ready
              </button>
            ) : null}
            {MOVES[current.state].map((step) => (
              <button key={step.to} type="button" className="button button--small" disabled={move.isPending} onClick={() => (step.to === 'published' ? setPublishing(true) : step.confirm ? setConfirming(step) : void doMove(step))}>
                {step.label}
              </button>
            ))}
          </div>
        </div>
      ) : null}

      {confirming?.confirm ? (
        <ConfirmDialog
          size="small"
          words={{ title: confirming.confirm.title, confirm: confirming.label, confirming: 'Working…', keep: 'Not now' }}
          busy={move.isPending}
          onClose={() => setConfirming(null)}
          onConfirm={() => void doMove(confirming)}
        >
          <p>{confirming.confirm.body}</p>
        </ConfirmDialog>
      ) : null}

      {publishing && current ? (
        <PublishRoundDialog
          roundId={current.id}
          perEntry={settings?.judgesPerEntry ?? 3}
          busy={move.isPending}
          onPublish={publish}
          onClose={() => setPublishing(false)}
        />
      ) : null}

      {round.data && round.data.judges.length > 0 ? <JudgesTable progress={round.data.judges} figures={first?.judges ?? []} /> : null}
      {round.data && round.data.judges.length === 0 ? <p className="admin-status">No judges yet: invite approved applicants from Judge applications.</p> : null}

      {current && first && first.total > 0 ? (
        <>
          <h2>Entries</h2>
          <div className="admin-toolbar">
            <label htmlFor="judging-contest">Contest</label>
            <select id="judging-contest" value={view.contest} onChange={(e) => setView({ contest: isCategorySlug(e.target.value) ? e.target.value : '' })}>
              <option value="">All contests ({first.total.toLocaleString('en-IN')})</option>
              {first.contests.map(({ category, entries: count }) => (
                <option key={category} value={category}>
                  {categoryLabel(category)} ({count.toLocaleString('en-IN')})
                </option>
              ))}
            </select>
            <label htmlFor="judging-show">Show</label>
            <select id="judging-show" value={view.show} onChange={(e) => setView({ show: e.target.value as ModerationShow })}>
              {MODERATION_SHOWS.map((show) => (
                <option key={show} value={show}>
                  {SHOW_LABEL[show]} ({first.counts[show].toLocaleString('en-IN')})
                </option>
              ))}
            </select>
          </div>
          <p className="admin-muted" role="status">
            {first.filtered === 0
              ? 'No entries here. Choose another contest or show every entry.'
              : `Showing ${entries.length.toLocaleString('en-IN')} of ${plural(first.filtered, { one: '# entry', other: '# entries' })}, by number` +
                (first.filtered === first.total ? '.' : `; ${plural(first.total, { one: '# entry', other: '# entries' })} in the round.`)}
            {moderation.isFetching && !moderation.isFetchingNextPage ? <span> Updating…</span> : null}
          </p>
          {entries.length > 0 ? (
            <EntriesTable
              entries={entries}
              roundId={current.id}
              scoring={current.state === 'scoring'}
              moderating={current.state === 'closed' || current.state === 'results'}
              perEntry={settings?.judgesPerEntry ?? 3}
              pages={moderation}
            />
          ) : null}
        </>
      ) : null}
      {moderation.isError ? (
        <div className="admin-status" role="alert">
          <p>The entries could not be loaded.</p>
          <button type="button" className="button button--small" onClick={() => void moderation.refetch()}>
            Retry
          </button>
        </div>
      ) : null}
    </AdminPage>
  );
}

function JudgesTable({ progress, figures }: { progress: JudgingRound['judges']; figures: Moderation['judges'] }) {
  return (
    <>
      <h2>Judges</h2>
      <PlainTable label="Judges">
        <ColumnHeads columns={['Judge', 'Expertise', 'Progress', 'Last scored', 'Emails in', 'Stepped back', 'Per contest: mean, spread, agreement']} />
        <tbody>
          {progress.map((judge) => (
            <tr key={judge.judgeId}>
              <td>
                {judge.username}
                {judge.disabled ? ' (disabled)' : ''}
              </td>
              <td>{judge.expertise}</td>
              <td className="admin-progress">
                <progress max={Math.max(judge.assigned, 1)} value={judge.scored} aria-label={`${judge.username}: ${judge.scored} of ${judge.assigned} scored`} />{' '}
                <span>
                  {judge.scored} of {judge.assigned}
                </span>
              </td>
              <td>{judge.lastScoredAt ? formatDateTime(judge.lastScoredAt) : <span className="admin-muted">Not yet</span>}</td>
              <td>{LANGUAGE_NAME[judge.language]}</td>
              <td>{judge.recused}</td>
              <td>
                {figures
                  .filter((figure) => figure.judgeId === judge.judgeId)
                  .map((figure) => (
                    <div key={figure.category}>
                      {categoryLabel(figure.category)}: mean {figure.mean.toFixed(2)}, spread {figure.spread.toFixed(2)}
                      {figure.agreement === null ? '' : `, agreement ${figure.agreement.toFixed(2)}`}
                      {figure.standardised ? ' (standardised)' : ` (raw: ${plural(figure.sheets, { one: '# sheet', other: '# sheets' })})`}
                    </div>
                  ))}
              </td>
            </tr>
          ))}
        </tbody>
      </PlainTable>
    </>
  );
}

function EntriesTable({
  entries,
  roundId,
  scoring,
  moderating,
  perEntry,
  pages,
}: {
  entries: ModeratedEntry[];
  roundId: string;
  scoring: boolean;
  moderating: boolean;
  perEntry: number;
  pages: ComponentProps<typeof LoadMoreButton>['pages'];
}) {
  const addJudge = useAddJudge();
  const body = useRef<HTMLTableSectionElement>(null);
  // After 'Load more', the keyboard goes on from the first new entry (the button may be gone).
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || entries.length <= from) return;
    focusFrom.current = null;
    body.current?.querySelectorAll('tr')[from]?.querySelector('a')?.focus();
  }, [entries.length]);
  return (
    <>
    <PlainTable label="Entries and their scores">
      <ColumnHeads columns={['Entry', 'Contest', 'Ages', 'How the score was reached', 'Score', 'Place', 'Needs a look', 'Notes to the family']} />
      <tbody ref={body}>
        {entries.map((entry) => {
          return (
            <tr key={entry.entryId}>
              <td>
                <a href={entryFileHref(entry.entryId, 0, 'media')} target="_blank" rel="noreferrer">
                  {entry.number}
                </a>
              </td>
              <td>{categoryLabel(entry.category)}</td>
              <td>{entry.ageBand}</td>
              <td>
                {entry.judges.length === 0 ? <span className="admin-muted">No scores yet</span> : null}
                {entry.judges.map((judge) => (
                  <div key={judge.judgeId}>
                    {judge.username}: {judge.value.toFixed(2)} (weighted {judge.weighted.toFixed(2)}
                    {judge.z === null ? ', raw' : `, z ${judge.z.toFixed(2)}`})
                  </div>
                ))}
                {entry.panel
                  .filter((member) => member.status === 'active' && !member.scored)
                  .map((member) => (
                    <div key={member.judgeId} className="admin-muted">
                      {member.username}: not scored yet
                    </div>
                  ))}
                {scoring ? <ReplaceJudge roundId={roundId} entry={entry} /> : null}
              </td>
              <td>{entry.final === null ? '—' : entry.final.toFixed(2)}</td>
              <td>
                {entry.place ?? '—'}
                {entry.qualifies ? ' · goes through' : ''}
              </td>
              <td>
                {entry.attention.includes('apart') ? <div>Judges differ by {plural(Math.round(entry.spread * 100) / 100, { one: '# point', other: '# points' })}</div> : null}
                {entry.attention.includes('short') ? (
                  <div>
                    {scoring ? `Only ${entry.judgesAssigned} of ${plural(perEntry, { one: '# judge', other: '# judges' })}` : `${entry.judges.length} of ${plural(perEntry, { one: '# score sheet', other: '# score sheets' })}`}
                  </div>
                ) : null}
                {entry.attention.includes('notes') ? <div>{plural(entry.notes.length, { one: '# note', other: '# notes' })} to the family</div> : null}
                {(entry.attention.includes('apart') || entry.attention.includes('short')) && scoring ? (
                  <button type="button" className="button button--small" disabled={addJudge.isPending} onClick={() => addJudge.mutate({ id: roundId, entryId: entry.entryId })}>
                    Add a judge
                  </button>
                ) : null}
                {addJudge.isError && addJudge.variables?.entryId === entry.entryId ? <p role="alert">{addJudge.error.message}</p> : null}
              </td>
              <td>
                {entry.notes.map((note) => (
                  <FamilyNote key={note.judgeId} roundId={roundId} entryId={entry.entryId} note={note} moderating={moderating} />
                ))}
              </td>
            </tr>
          );
        })}
      </tbody>
    </PlainTable>
      <LoadMoreButton
        pages={pages}
        onLoad={() => {
          focusFrom.current = entries.length;
        }}
      />
    </>
  );
}

/** An admin changes an entry's judges: one is taken off and the least busy fitting judge takes their place. */
function ReplaceJudge({ roundId, entry }: { roundId: string; entry: ModeratedEntry }) {
  const remove = useRemoveJudge();
  const active = entry.panel.filter((member) => member.status === 'active');
  const [judgeId, setJudgeId] = useState('');
  if (active.length === 0) return null;
  const id = `replace-${entry.entryId}`;
  return (
    <div className="admin-inline-form">
      <label htmlFor={id}>Replace a judge</label>{' '}
      <select id={id} value={judgeId} onChange={(e) => setJudgeId(e.target.value)}>
        <option value="">Choose…</option>
        {active.map((member) => (
          <option key={member.judgeId} value={member.judgeId}>
            {member.username}
          </option>
        ))}
      </select>{' '}
      <button
        type="button"
        className="button button--small"
        disabled={!judgeId || remove.isPending}
        onClick={() => remove.mutate({ id: roundId, entryId: entry.entryId, judgeId }, { onSuccess: () => setJudgeId('') })}
      >
        Replace
      </button>
      {remove.isSuccess && remove.data.replacement === null ? <p role="status">Removed; no other judge fits this entry.</p> : null}
      {remove.isError ? <p role="alert">{remove.error.message}</p> : null}
    </div>
  );
}

/**
 * One judge's note to the family (issue 49): what the family will read, and, once scoring has
 * closed and until the results are published, the admin's Edit and Hide (each audited).
 */
function FamilyNote({ roundId, entryId, note, moderating }: { roundId: string; entryId: string; note: ModeratedEntry['notes'][number]; moderating: boolean }) {
  const moderate = useModerateNote();
  const [editing, setEditing] = useState(false);
  const shown = note.moderated ?? note.written;
  const [text, setText] = useState(shown);
  const id = `note-${entryId}-${note.judgeId}`;
  const save = (change: { text: string | null; hidden: boolean }) =>
    moderate.mutate({ id: roundId, entryId, judgeId: note.judgeId, ...change }, { onSuccess: () => setEditing(false) });
  return (
    <div className="admin-note">
      <p className={note.hidden ? 'admin-muted' : undefined}>
        <strong>{note.username}</strong>
        {note.hidden ? ' (hidden from the family)' : note.moderated !== null ? ' (edited)' : ''}: “{shown}”
      </p>
      {note.moderated !== null ? <p className="admin-muted">The judge wrote: “{note.written}”</p> : null}
      {editing ? (
        <div className="admin-inline-form">
          <label htmlFor={id}>What the family reads</label>
          <textarea id={id} rows={3} maxLength={FAMILY_NOTE_MAX} value={text} onChange={(e) => setText(e.target.value)} />
          <button type="button" className="button button--small" disabled={moderate.isPending} onClick={() => save({ text, hidden: note.hidden })}>
            Save the note
          </button>{' '}
          <button type="button" className="button button--small" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </div>
      ) : moderating ? (
        <div className="admin-toolbar">
          <button type="button" className="button button--small" aria-label={`Edit ${note.username}’s note`} onClick={() => setEditing(true)}>
            Edit
          </button>
          <button
            type="button"
            className="button button--small"
            aria-label={`${note.hidden ? 'Show' : 'Hide'} ${note.username}’s note`}
            disabled={moderate.isPending}
            onClick={() => save({ text: note.moderated, hidden: !note.hidden })}
          >
            {note.hidden ? 'Show' : 'Hide'}
          </button>
          {note.moderated !== null ? (
            <button type="button" className="button button--small" disabled={moderate.isPending} onClick={() => save({ text: null, hidden: note.hidden })}>
              Use the judge’s words
            </button>
          ) : null}
        </div>
      ) : null}
      {moderate.isError ? <p role="alert">{moderate.error.message}</p> : null}
    </div>
  );
}
