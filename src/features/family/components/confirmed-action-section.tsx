import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ProblemNotice } from '@/components/form/problem-notice';
import { FamilySection } from './family-section';

type Props = {
  id: string;
  /** The section's heading, what the action does, the button, and the confirmation's words. */
  words: { title: string; text: string; open: string; confirmTitle: string; confirmText: string; yes: string; working: string; keep: string };
  action: { isPending: boolean; mutate: (variables: undefined, options: { onSettled: () => void }) => void };
  failure: string | null;
  /** What the page says once it is done (a live region). */
  done?: ReactNode;
};

/** A family's action that cannot be undone (cancel, turn links off): a button, one confirmation step, the outcome. */
export function ConfirmedActionSection({ id, words, action, failure, done }: Props) {
  const [confirming, setConfirming] = useState(false);
  return (
    <FamilySection headingId={id} title={words.title}>
      <p>{words.text}</p>
      <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
        {words.open}
      </button>
      {done !== undefined ? <div role="status">{done}</div> : null}
      <ProblemNotice problem={failure} />
      {confirming ? (
        <ConfirmDialog
          words={{ title: words.confirmTitle, confirm: words.yes, confirming: words.working, keep: words.keep }}
          busy={action.isPending}
          onConfirm={() => action.mutate(undefined, { onSettled: () => setConfirming(false) })}
          onClose={() => setConfirming(false)}
        >
          <p>{words.confirmText}</p>
        </ConfirmDialog>
      ) : null}
    </FamilySection>
  );
}
