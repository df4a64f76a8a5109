import { useState } from 'react';
import { Dialog } from '@/components/dialog';
import { ApiRequestError } from '@/lib/api-client';
import { useDownloadMyData } from '../api/download-my-data';
import type { FamilyRegistrationAnswer } from '../api/family-keys';
import { useRequestErasure } from '../api/request-erasure';
import { formatDay } from '../utils/format';

const failureOf = (error: unknown, fallback: string) => (error instanceof ApiRequestError && error.body ? error.message : error ? fallback : null);

/** The family's rights over their data (DPDP Act 2023): a copy of everything, and erasure. */
export function MyDataSection({ token, erasureRequest }: { token: string; erasureRequest: FamilyRegistrationAnswer['erasureRequest'] }) {
  const download = useDownloadMyData(token);
  const erase = useRequestErasure(token);
  const [confirming, setConfirming] = useState(false);
  const downloadFailure = failureOf(download.error, 'The file could not be downloaded. Please try again.');
  const eraseFailure = failureOf(erase.error, 'The request could not be sent. Please try again.');
  return (
    <section className="family-section" aria-labelledby="my-data-heading">
      <h2 id="my-data-heading">My data</h2>
      <p>Download a copy of everything we store about this registration, or ask us to erase it.</p>
      <div className="family-actions">
        <button type="button" className="button" onClick={() => download.mutate()} disabled={download.isPending}>
          {download.isPending ? 'Preparing…' : 'Download my data'}
        </button>
        {erasureRequest?.status === 'open' ? null : (
          <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
            Erase my data…
          </button>
        )}
      </div>
      <div role="status">
        {erasureRequest?.status === 'open' ? (
          <p className="form-notice form-notice--info">
            You asked on {formatDay(erasureRequest.requestedAt)} for this registration’s data to be erased. The organisers will do it by{' '}
            <strong>{formatDay(erasureRequest.dueAt)}</strong>.
          </p>
        ) : null}
      </div>
      {downloadFailure || eraseFailure ? (
        <p className="form-notice form-notice--error" role="alert">
          {downloadFailure ?? eraseFailure}
        </p>
      ) : null}
      {confirming ? (
        <Dialog
          title="Erase this registration’s data?"
          onClose={() => setConfirming(false)}
          footer={
            <div className="family-actions">
              <button
                type="button"
                className="button button--danger"
                disabled={erase.isPending}
                onClick={() => erase.mutate(undefined, { onSettled: () => setConfirming(false) })}
              >
                {erase.isPending ? 'Sending…' : 'Yes, ask for erasure'}
              </button>
              <button type="button" className="button" onClick={() => setConfirming(false)}>
                Keep my data
              </button>
            </div>
          }
        >
          <p>
            The organisers will delete the child’s name, age and your contact details, and the registration with them. The child will no longer be
            entered in any contest. Download a copy first if you want one.
          </p>
        </Dialog>
      ) : null}
    </section>
  );
}
