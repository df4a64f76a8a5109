import { LoadMoreButton } from './load-more-button';
import { useState } from 'react';
import { publishAnywaySchema, unsettledReasons } from '@domain/judging';
import { plural } from '@domain/plural';
import { Dialog } from '@/components/dialog';
import { Form, SubmitButton } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { useFieldErrors } from '@/components/form/use-field-errors';
import { useModeration } from '../api/judging';
import { categoryLabel } from '../utils/format';
import { ColumnHeads, PlainTable } from './plain-table';

type Props = {
  roundId: string;
  /** Sheets the round needs per entry. */
  perEntry: number;
  busy: boolean;
  /** Publishes; a refusal is thrown and shown in the dialog. */
  onPublish: (reason: string | undefined) => Promise<void>;
  onClose: () => void;
};

/**
 * The last step before a round's results go to every family (issue 49): it lists the entries
 * that need a look (fewer score sheets than the round needs, or judges far apart), and publishing
 * them anyway takes a written reason, which the server checks too and keeps in the audit log.
 * The entries come a page at a time, as in the moderation view ('need a look': what publishing checks).
 */
export function PublishRoundDialog({ roundId, perEntry, busy, onPublish, onClose }: Props) {
  const moderation = useModeration(roundId, { contest: '', show: 'look' });
  const unsettled = (moderation.data?.pages.flatMap((page) => page.entries) ?? [])
    .map((entry) => ({ entry, reasons: unsettledReasons({ sheets: entry.judges.length, flagged: entry.flagged }, { judgesPerEntry: perEntry }) }))
    .filter((item) => item.reasons.length > 0);
  const count = moderation.data?.pages[0]?.filtered ?? 0;
  const form = useFieldErrors();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  async function onSubmit() {
    setProblem(null);
    if (count > 0 && !form.check(publishAnywaySchema, { reason })) return;
    try {
      await onPublish(count > 0 ? reason : undefined);
    } catch (error) {
      if (form.showRefusal(error)) return;
      setProblem(error instanceof Error ? error.message : 'Not published. Please try again.');
    }
  }

  return (
    <Dialog title="Publish the results?" onClose={onClose}>
      <div className="admin-publish">
        <p>
          Every family with an entry in this round is emailed its result in its language, and those who go through are told about the semi-finals. This
          cannot be undone.
        </p>
        {moderation.isPending ? <p>Looking for entries that need a look…</p> : null}
        {moderation.isError ? <p role="alert">The entries that need a look could not be loaded. Close this and try again.</p> : null}
        {!moderation.data ? null : count === 0 ? (
          <p>Every entry has its {plural(perEntry, { one: '# score sheet', other: '# score sheets' })}, and no judges are far apart.</p>
        ) : (
          <>
            <p>
              <strong>{plural(count, { one: '# entry needs', other: '# entries need' })} a look first:</strong> fewer score sheets than the
              round needs ({perEntry}), or judges far apart. Published now, these results go out as they are.
            </p>
            <PlainTable label="Entries that need a look">
              <ColumnHeads columns={['Entry', 'Contest', 'Sheets', 'Why']} />
              <tbody>
                {unsettled.map(({ entry, reasons }) => (
                  <tr key={entry.entryId}>
                    <td>{entry.number}</td>
                    <td>
                      {categoryLabel(entry.category)}, ages {entry.ageBand}
                    </td>
                    <td>
                      {entry.judges.length} of {perEntry}
                    </td>
                    <td>
                      {reasons.map((why) => (
                        <div key={why}>{why === 'short' ? (entry.judges.length === 0 ? 'Not scored' : 'Too few sheets') : `Judges ${plural(Math.round(entry.spread * 100) / 100, { one: '# point', other: '# points' })} apart`}</div>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </PlainTable>
            <LoadMoreButton pages={moderation} />
          </>
        )}
        <Form onSubmit={onSubmit} aria-label="Publish the results">
          {count > 0 ? (
            <FormField label="Why publish anyway?" hint="Kept in the audit log with the entries above." {...form.field('reason')}>
              {(control) => (
                <textarea
                  {...control}
                  rows={3}
                  value={reason}
                  onChange={(e) => {
                    setReason(e.target.value);
                    form.clear('reason');
                  }}
                />
              )}
            </FormField>
          ) : null}
          {problem ? <p role="alert">{problem}</p> : null}
          <div className="dialog__actions">
            <SubmitButton className="button--small button--danger" busy={busy} disabled={!moderation.data}>
              {busy ? 'Publishing…' : count > 0 ? 'Publish anyway' : 'Publish results'}
            </SubmitButton>
            <button type="button" className="button button--small" onClick={onClose}>
              Not now
            </button>
          </div>
        </Form>
      </div>
    </Dialog>
  );
}
