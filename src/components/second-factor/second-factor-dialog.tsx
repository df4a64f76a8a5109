import { useEffect, useState } from 'react';
import { Dialog } from '@/components/dialog';
import { secondFactorStatus, setSecondFactorPrompt, type SecondFactorStatus } from '@/lib/second-factor';
import { ProveSecondFactor } from './second-factor-forms';

type Asking = { status: SecondFactorStatus | null; settle: (proven: boolean) => void };

/**
 * "Confirm it is you" (ADR 033): while mounted, a sensitive action whose session last proved the
 * second factor over 10 minutes ago opens this dialog; once proven, the action goes on by itself.
 */
export function SecondFactorDialog() {
  const [asking, setAsking] = useState<Asking | null>(null);

  useEffect(() => {
    let pending: Promise<boolean> | null = null;
    setSecondFactorPrompt(() => {
      // Several refused requests at once share one question.
      pending ??= new Promise<boolean>((resolve) => {
        const settle = (proven: boolean) => {
          pending = null;
          setAsking(null);
          resolve(proven);
        };
        setAsking({ status: null, settle });
        secondFactorStatus()
          .then((status) => setAsking((current) => (current ? { ...current, status } : current)))
          .catch(() => settle(false));
      });
      return pending;
    });
    return () => setSecondFactorPrompt(null);
  }, []);

  if (!asking) return null;
  return (
    <Dialog title="Confirm it is you" onClose={() => asking.settle(false)}>
      <p>This action shows or changes children&rsquo;s data, so it needs your second factor again (the last check was over 10 minutes ago).</p>
      {asking.status ? <ProveSecondFactor status={asking.status} onProven={() => asking.settle(true)} /> : <p>Loading…</p>}
    </Dialog>
  );
}
