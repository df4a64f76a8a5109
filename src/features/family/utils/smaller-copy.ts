/**
 * The copy of a chosen file that judges need, made on the phone before sending (issue 48, ADR
 * 026): the work happens in a worker (smaller-copy.worker.ts), so the page stays responsive.
 */

/** Why no copy was made; the original is sent instead, and the card says so in one sentence. */
export type CopyFailure = 'cannot_read' | 'no_room';

export type CopyRequest = { kind: 'video' | 'photo'; file: Blob };
export type CopyReply =
  | { type: 'plan'; bytes: number }
  | { type: 'progress'; share: number }
  | { type: 'done'; copy: Blob }
  | { type: 'failed'; reason: CopyFailure; detail: string };

export type CopyOutcome = { copy: Blob } | { failed: CopyFailure };

/** Whether this browser can make copies at all (WebCodecs for videos, an OffscreenCanvas for photos). */
export function canMakeCopies(kind: 'video' | 'photo'): boolean {
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return false;
  return kind === 'photo' || (typeof VideoEncoder !== 'undefined' && typeof VideoDecoder !== 'undefined');
}

/**
 * Makes the copy of one file in a worker; `onPlan` hears the copy's expected size (videos), and
 * `onProgress` its share done. Stopping `signal` ends the worker at once (the copy is then lost,
 * the promise rejects with an AbortError).
 */
export function makeSmallerCopy(
  request: CopyRequest,
  handlers: { onPlan?: (bytes: number) => void; onProgress?: (share: number) => void },
  signal: AbortSignal,
): Promise<CopyOutcome> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new DOMException('stopped', 'AbortError'));
      return;
    }
    let worker: Worker;
    try {
      worker = new Worker(new URL('./smaller-copy.worker.ts', import.meta.url), { type: 'module', name: 'smaller-copy' });
    } catch {
      resolve({ failed: 'cannot_read' });
      return;
    }
    performance.mark('ktc-copy-start');
    let answered = false;
    const finish = (outcome: CopyOutcome) => {
      // The worker ends itself once it has answered (smaller-copy.worker.ts).
      signal.removeEventListener('abort', stop);
      // For devtools and the bench: how long the copy took.
      performance.measure('ktc-copy', 'ktc-copy-start');
      resolve(outcome);
    };
    const stop = () => {
      worker.terminate();
      reject(new DOMException('stopped', 'AbortError'));
    };
    signal.addEventListener('abort', stop, { once: true });
    worker.onmessage = (event: MessageEvent<CopyReply>) => {
      answered = true;
      const reply = event.data;
      if (reply.type === 'plan') handlers.onPlan?.(reply.bytes);
      else if (reply.type === 'progress') handlers.onProgress?.(reply.share);
      else if (reply.type === 'done') finish({ copy: reply.copy });
      else {
        console.warn('the smaller copy failed; the original is sent', reply.detail);
        finish({ failed: reply.reason });
      }
    };
    worker.onerror = () => {
      worker.terminate();
      // Offline before the copier was ever loaded: not a failure, the copy waits for the connection.
      if (!answered && !navigator.onLine) {
        signal.removeEventListener('abort', stop);
        reject(new Error('the copier cannot load offline'));
        return;
      }
      // It could not start, or it crashed (out of memory, often): the original it is.
      finish({ failed: answered ? 'no_room' : 'cannot_read' });
    };
    worker.postMessage(request satisfies CopyRequest);
  });
}
