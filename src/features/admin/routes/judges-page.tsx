import { useState } from 'react';
import { api, apiHref } from '@/lib/api-client';
import { JUDGE_STATUS_LABELS, JUDGE_STATUSES, type JudgeStatus } from '@domain/judge-review';
import { Form, SubmitButton } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import type { JudgeApplication } from '../api/get-admin-list';
import { useJudgePanel } from '../api/get-judge-panel';
import { useReviewJudgeApplication } from '../api/review-judge-application';
import { useInviteJudge } from '../api/invite-judge';
import { AdminList, type Column } from '../components/admin-list';
import { categoryLabel, formatDateTime } from '../utils/format';
import { plural } from '@domain/plural';

/** One option per status, for the review's select and the list's filter. */
const STATUS_OPTIONS = JUDGE_STATUSES.map((s) => (
  <option key={s} value={s}>
    {JUDGE_STATUS_LABELS[s]}
  </option>
));

/** Status and internal note of one application; saving an approval or rejection emails the applicant. */
function ReviewCell({ judge }: { judge: JudgeApplication }) {
  const [status, setStatus] = useState<JudgeStatus>(judge.status);
  const [note, setNote] = useState(judge.note ?? '');
  const review = useReviewJudgeApplication();
  const changed = status !== judge.status || note !== (judge.note ?? '');
  const emails = (status === 'approved' || status === 'rejected') && status !== judge.status;
  const statusId = `judge-status-${judge.id}`;
  const noteId = `judge-note-${judge.id}`;
  return (
    <Form className="judge-review" onSubmit={() => review.mutate({ id: judge.id, review: { status, note } })}>
      <FormField layout="compact" label="Status" id={statusId}>
        {(control) => (
          <select {...control} value={status} onChange={(e) => setStatus(e.target.value as JudgeStatus)}>
            {STATUS_OPTIONS}
          </select>
        )}
      </FormField>
      <FormField layout="compact" label="Internal note" id={noteId}>
        {(control) => <textarea {...control} rows={2} maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} />}
      </FormField>
      <SubmitButton busy={review.isPending} disabled={!changed} className="button--small">
        {review.isPending ? 'Saving…' : emails ? (judge.email ? 'Save and email' : 'Save (no email address)') : 'Save'}
      </SubmitButton>
      {review.isError && <p role="alert">Not saved. Please try again.</p>}
      {judge.decisionEmail && (
        <p className="admin-muted">
          Email: {judge.decisionEmail.status}
          {judge.decisionEmail.lastError ? ` (${judge.decisionEmail.lastError})` : ''}
        </p>
      )}
      {judge.status === 'approved' && judge.email ? <InviteJudge judge={judge} /> : null}
    </Form>
  );
}

/** An approved applicant becomes a judge: an account of their own and an email with a link to set its password. */
function InviteJudge({ judge }: { judge: JudgeApplication }) {
  const invite = useInviteJudge();
  return (
    <div className="judge-invite">
      {judge.judgeAccount ? <p className="admin-muted">Judge account: {judge.judgeAccount}</p> : null}
      <button type="button" className="button button--small" disabled={invite.isPending} onClick={() => invite.mutate(judge.id)}>
        {invite.isPending ? 'Inviting…' : judge.judgeAccount ? 'Send a new invitation' : 'Invite as judge'}
      </button>
      {invite.isSuccess ? <p role="status">Invitation queued for {invite.data.username}.</p> : null}
      {invite.isError ? <p role="alert">{invite.error.message}</p> : null}
    </div>
  );
}

const COLUMNS: Column<JudgeApplication>[] = [
  {
    header: 'Photo',
    className: 'admin-cell--photo',
    cell: (judge) =>
      judge.hasPhoto ? (
        <img
          className="admin-thumb"
          src={apiHref(api.judges[':id'].photo.$path({ param: { id: encodeURIComponent(judge.id) } }))}
          alt={judge.name}
          width={56}
          height={56}
          loading="lazy"
        />
      ) : (
        <span className="admin-muted">No photo</span>
      ),
  },
  { header: 'Name', cell: (judge) => (judge.email ? `${judge.name} (${judge.email})` : judge.name) },
  { header: 'Expertise', cell: (judge) => judge.expertise },
  { header: 'Experience', cell: (judge) => plural(judge.experience, { one: '# year', other: '# years' }) },
  { header: 'Bio', className: 'admin-cell--long', cell: (judge) => judge.bio },
  { header: 'Received', cell: (judge) => formatDateTime(judge.createdAt) },
  { header: 'Review', cell: (judge) => <ReviewCell key={`${judge.id}-${judge.status}-${judge.note ?? ''}`} judge={judge} /> },
];

/** Approved judges by expertise, and the contests no approved judge can cover yet. */
function JudgePanelSummary() {
  const panel = useJudgePanel();
  if (!panel.data) return null;
  const missing = panel.data.categories.filter((c) => c.judges === 0);
  return (
    <section className="panel judge-panel" aria-labelledby="judge-panel-heading">
      <h2 id="judge-panel-heading">Judging panel</h2>
      {panel.data.judges.length === 0 ? (
        <p>No judge has been approved yet.</p>
      ) : (
        <ul>
          {panel.data.judges.map((judge) => (
            <li key={judge.id}>
              {judge.name}: {judge.expertise}, {plural(judge.experience, { one: '# year', other: '# years' })}
            </li>
          ))}
        </ul>
      )}
      <p>
        {missing.length === 0
          ? 'Every contest has at least one approved judge.'
          : `Contests without an approved judge: ${missing.map((c) => categoryLabel(c.category)).join(', ')}.`}
      </p>
    </section>
  );
}

export function JudgesPage() {
  const [status, setStatus] = useState('');
  return (
    <AdminList resource="judges" title="Judge applications" noun="judge applications" columns={COLUMNS} params={status ? `status=${status}` : ''}>
      <JudgePanelSummary />
      <div className="admin-toolbar">
        <label htmlFor="judge-status-filter">Show</label>
        <select id="judge-status-filter" value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">All applications</option>
          {STATUS_OPTIONS}
        </select>
      </div>
    </AdminList>
  );
}
