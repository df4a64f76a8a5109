import { useEffect, useRef, useState } from 'react';

const UNDO_WINDOW_MS = 10_000;

type Props = {
  message: string;
  onUndo: () => void;
  onExpire: () => void;
  undoing: boolean;
};

/**
 * 'Registration deleted. Undo' for 10 s. The clock stops while the pointer or focus is on the
 * toast, so nobody loses the chance to undo while reaching for the button (WCAG 2.2.1).
 */
export function UndoToast({ message, onUndo, onExpire, undoing }: Props) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(UNDO_WINDOW_MS);
  const expire = useRef(onExpire);
  useEffect(() => {
    expire.current = onExpire;
  }, [onExpire]);

  useEffect(() => {
    if (paused || undoing) return;
    const started = Date.now();
    const timer = setTimeout(() => expire.current(), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(1_000, remaining.current - (Date.now() - started));
    };
  }, [paused, undoing]);

  return (
    <div
      className="admin-toast"
      role="status"
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span>{message}</span>
      <button type="button" className="button button--small" onClick={onUndo} disabled={undoing}>
        {undoing ? 'Restoring…' : 'Undo'}
      </button>
    </div>
  );
}
