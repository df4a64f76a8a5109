import type { ReactNode } from 'react';
import { Dialog } from './dialog';

type Props = {
  title: string;
  children: ReactNode;
  /** The dangerous action's label, and its label while it runs. */
  confirm: string;
  confirming: string;
  /** The safe way out, e.g. "Keep it". */
  keep: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** The admin's dense buttons, or the family page's full-size ones. */
  size?: 'small' | 'normal';
};

/**
 * One confirmation step before something that cannot be undone (cancel, erase): the dangerous
 * button first, the safe one beside it, Escape and the close button as a third way out.
 */
export function ConfirmDialog({ title, children, confirm, confirming, keep, busy, onConfirm, onClose, size = 'normal' }: Props) {
  const small = size === 'small' ? ' button--small' : '';
  return (
    <Dialog
      title={title}
      onClose={onClose}
      footer={
        <div className="dialog__actions">
          <button type="button" className={`button button--danger${small}`} disabled={busy} onClick={onConfirm}>
            {busy ? confirming : confirm}
          </button>
          <button type="button" className={`button${small}`} onClick={onClose}>
            {keep}
          </button>
        </div>
      }
    >
      {children}
    </Dialog>
  );
}
