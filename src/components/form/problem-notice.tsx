/** What went wrong, announced as it appears; nothing when nothing did. */
export function ProblemNotice({ problem }: { problem: string | null }) {
  if (!problem) return null;
  return (
    <p role="alert" className="form-notice form-notice--error">
      {problem}
    </p>
  );
}

/**
 * A form's outcome in a live region that stays in the page, so the message is read out when it
 * appears: a success politely (`status`), an error at once (`alert`).
 */
export function FormOutcome({ kind, message }: { kind: 'success' | 'error'; message: string | null }) {
  return (
    <div role={kind === 'error' ? 'alert' : 'status'} className="form__status">
      {message ? <p className={`form-notice form-notice--${kind}`}>{message}</p> : null}
    </div>
  );
}
