/**
 * Where the judge's sheets stand: a live line saying how many wait to be sent (or that all went),
 * and an alert when the server refused some.
 */
export function SheetsSyncStatus({ status, refused }: { status: string; refused: string | null }) {
  return (
    <>
      <p className="judging__sync" role="status">
        {status}
      </p>
      {refused ? (
        <p className="form-notice form-notice--error" role="alert">
          {refused}
        </p>
      ) : null}
    </>
  );
}
