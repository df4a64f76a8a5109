/** What went wrong, announced as it appears; nothing when nothing did. */
export function ProblemNotice({ problem }: { problem: string | null }) {
  if (!problem) return null;
  return (
    <p role="alert" className="form-notice form-notice--error">
      {problem}
    </p>
  );
}
