import { useState } from 'react';
import { Dialog } from '@/components/dialog';
import { ApiRequestError } from '@/lib/api-client';
import { useCancelRegistration } from '../api/cancel-registration';

/** Cancelling, with a confirmation step: the organisers then see the registration as cancelled by the family. */
export function CancelSection({ token, label }: { token: string; label: string }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelRegistration(token);
  const failure =
    cancel.error instanceof ApiRequestError && cancel.error.body
      ? cancel.error.message
      : cancel.error
        ? 'The registration could not be cancelled: the server could not be reached. Please try again.'
        : null;
  return (
    <section className="family-section" aria-labelledby="cancel-heading">
      <h2 id="cancel-heading">Cancel the registration</h2>
      <p>If {label} cannot take part, tell the organisers here. The registration stays on record, marked as cancelled by you.</p>
      <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
        Cancel registration…
      </button>
      {failure ? (
        <p className="form-notice form-notice--error" role="alert">
          {failure}
        </p>
      ) : null}
      {confirming ? (
        <Dialog
          title="Cancel this registration?"
          onClose={() => setConfirming(false)}
          footer={
            <div className="family-actions">
              <button
                type="button"
                className="button button--danger"
                disabled={cancel.isPending}
                onClick={() => cancel.mutate(undefined, { onSettled: () => setConfirming(false) })}
              >
                {cancel.isPending ? 'Cancelling…' : 'Yes, cancel it'}
              </button>
              <button type="button" className="button" onClick={() => setConfirming(false)}>
                Keep it
              </button>
            </div>
          }
        >
          <p>{label} will not be expected at the contests. This cannot be undone from this page; to register again, use the registration form.</p>
        </Dialog>
      ) : null}
    </section>
  );
}
