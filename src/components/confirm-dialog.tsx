import type { ReactNode } from 'react';
import { Dialog } from './dialog';

type Props = {
  /**
   * The question; the dangerous action's label and its label while it runs; the safe way out,
   * e.g. "Keep it".
   */
  words: { title: string; confirm: string; confirming: string; keep: string };
  children: ReactNode;
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
export function ConfirmDialog({ words, children, busy, onConfirm, onClose, size = 'normal' }: Props) {
  const { title, confirm, confirming, keep } = words;
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
