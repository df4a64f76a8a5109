import { useState } from 'react';
import { Form, SubmitButton } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { useFieldErrors } from '@/components/form/use-field-errors';
import { ApiRequestError } from '@/lib/api-client';
import { useSaveConflicts } from '../api/judge-profile';

/**
 * The institutes a judge teaches at or is connected with, one per line: they are never given an
 * entry of one of those, and unscored entries of a newly named one leave their queue.
 */
export function ConflictsForm({ conflicts }: { conflicts: readonly string[] }) {
  const [text, setText] = useState(conflicts.join('\n'));
  const [saved, setSaved] = useState<string | null>(null);
  const save = useSaveConflicts();
  const form = useFieldErrors();

  async function onSubmit() {
    setSaved(null);
    const names = text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.length > 0);
    try {
      const answer = await save.mutateAsync(names);
      setSaved(
        answer.steppedBack > 0
          ? `Saved. ${answer.steppedBack === 1 ? '1 entry' : `${answer.steppedBack} entries`} from those institutes went to another judge.`
          : 'Saved.',
      );
    } catch (error) {
      if (error instanceof ApiRequestError && error.body?.error.fields) form.show({ conflicts: Object.values(error.body.error.fields)[0] ?? 'Check the names.' });
      else form.show({ conflicts: 'Not saved: no connection. Try again when you are online.' });
    }
  }

  return (
    <Form className="form" onSubmit={onSubmit}>
      <FormField
        label="Institutes you teach at or are connected with"
        note="(one per line)"
        hint="You will not be given entries from these institutes. Spelling and capitals do not matter."
        {...form.field('conflicts')}
      >
        {(control) => <textarea {...control} rows={4} value={text} onChange={(e) => setText(e.target.value)} />}
      </FormField>
      <div role="status" className="form__status">
        {saved ? <p className="form-notice form-notice--success">{saved}</p> : null}
      </div>
      <SubmitButton busy={save.isPending}>{save.isPending ? 'Saving…' : 'Save conflicts'}</SubmitButton>
    </Form>
  );
}
