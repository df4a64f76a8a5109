import { useState } from 'react';
import { ApiRequestError } from '@/lib/api-client';
import { useStatementImports, type StatementImport } from '../api/get-statement-imports';
import { useUndoStatementImport } from '../api/undo-statement-import';
import { formatDateTime } from '../utils/format';
import { LoadedTable } from './plain-table';
import { plural } from '@domain/plural';

/**
 * The statements imported, newest first (issue 49). A whole import can be undone (a file of the
 * wrong account, a wrong column) while none of its matches was confirmed by hand: its payments are
 * voided, the families who had a receipt are told, and its lines go, so the file can come again.
 */
export function StatementImports() {
  const query = useStatementImports();
  const items = query.data?.items ?? [];
  return (
    <section className="admin-payments__section" aria-labelledby="imports-heading">
      <h2 id="imports-heading">Past imports</h2>
      <LoadedTable
        query={query}
        items={items}
        words={{ failed: 'Could not load the imports. Try again.', empty: 'No statement imported yet.', caption: 'Past imports' }}
        columns={['File', 'Imported by', 'When', 'Lines', 'Matched', 'Undo']}
        row={(item) => <ImportRow item={item} />}
      />
    </section>
  );
}

function ImportRow({ item }: { item: StatementImport }) {
  const undo = useUndoStatementImport();
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  async function confirm() {
    setOutcome(null);
    try {
      const done = await undo.mutateAsync(item.id);
      setOutcome({ ok: true, text: `Undone: ${plural(done.entriesVoided, { one: '# payment', other: '# payments' })} withdrawn, ${plural(done.familiesTold, { one: '# family', other: '# families' })} told by email.` });
    } catch (error) {
      setOutcome({ ok: false, text: error instanceof ApiRequestError ? error.message : 'Something went wrong. Try again.' });
    }
    setAsking(false);
  }
  return (
    <tr>
      <td className="admin-statement__narration">{item.fileName}</td>
      <td>{item.importedBy}</td>
      <td>{formatDateTime(item.importedAt)}</td>
      <td>
        {item.lines} ({item.newRows} new)
      </td>
      <td>{item.undoneAt ? '—' : item.matched}</td>
      <td>
        {item.undoneAt ? (
          <span className="admin-muted">
            Undone by {item.undoneBy} on {formatDateTime(item.undoneAt)}
          </span>
        ) : asking ? (
          <div className="admin-statement__actions">
            <span>
              Withdraw its {plural(item.matched, { one: 'payment and tell the family', other: '# payments and tell the families' })}?
            </span>
            <button type="button" className="button button--small button--danger" disabled={undo.isPending} onClick={() => void confirm()}>
              Undo the import
            </button>
            <button type="button" className="button button--small" onClick={() => setAsking(false)}>
              Keep it
            </button>
          </div>
        ) : (
          <button type="button" className="button button--small" aria-label={`Undo the import of ${item.fileName}`} onClick={() => setAsking(true)}>
            Undo…
          </button>
        )}
        {item.byHand > 0 && !item.undoneAt ? <span className="admin-muted"> {item.byHand} confirmed by hand</span> : null}
        <div role="status">{outcome ? <p className={outcome.ok ? 'admin-muted' : 'admin-error'}>{outcome.text}</p> : null}</div>
      </td>
    </tr>
  );
}
