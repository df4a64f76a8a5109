import { useState } from 'react';
import { Form, SubmitButton } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { useFieldErrors } from '@/components/form/use-field-errors';
import { FormOutcome } from '@/components/form/problem-notice';
import { ApiRequestError } from '@/lib/api-client';
import { useT } from '@/lib/i18n/use-t';
import { useSaveConflicts } from '../api/judge-profile';

/**
 * The institutes a judge teaches at or is connected with, one per line: they are never given an
 * entry of one of those, and unscored entries of a newly named one leave their queue.
 */
export function ConflictsForm({ conflicts }: { conflicts: readonly string[] }) {
  const { t } = useT();
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
      setSaved(answer.steppedBack > 0 ? t('judging.conflicts.savedSteppedBack', { count: answer.steppedBack }) : t('judging.conflicts.saved'));
    } catch (error) {
      if (error instanceof ApiRequestError && error.body?.error.fields) form.show({ conflicts: Object.values(error.body.error.fields)[0] ?? t('judging.conflicts.check') });
      else form.show({ conflicts: t('judging.conflicts.offline') });
    }
  }

  return (
    <Form className="form" onSubmit={onSubmit}>
      <FormField
        label={t('judging.conflicts.label')}
        note={t('judging.conflicts.note')}
        hint={t('judging.conflicts.hint')}
        {...form.field('conflicts')}
      >
        {(control) => <textarea {...control} rows={4} value={text} onChange={(e) => setText(e.target.value)} />}
      </FormField>
      <FormOutcome kind="success" message={saved} />
      <SubmitButton busy={save.isPending}>{save.isPending ? t('judging.saving') : t('judging.conflicts.save')}</SubmitButton>
    </Form>
  );
}
