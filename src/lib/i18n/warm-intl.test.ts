import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmIntlOffThread } from './warm-intl';

/** A stand-in for the browser's Worker that records how it was made and whether it was stopped. */
class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: (() => void) | null = null;
  onerror: (() => void) | null = null;
  terminated = false;
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.made.push(this);
  }
  terminate() {
    this.terminated = true;
  }
}

describe('warmIntlOffThread', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeWorker.made = [];
  });

  it('starts one module worker and stops it once it has made the formatters, or failed', () => {
    vi.stubGlobal('Worker', FakeWorker);
    warmIntlOffThread();
    warmIntlOffThread();
    const [done, failed] = FakeWorker.made;
    expect(done?.options).toEqual({ type: 'module', name: 'warm-intl' });
    expect(done?.url.pathname).toMatch(/warm-intl\.worker\.ts$/);
    done?.onmessage?.();
    failed?.onerror?.();
    expect(FakeWorker.made.map((worker) => worker.terminated)).toEqual([true, true]);
  });

  it('does nothing where there are no workers, or the page refuses one', () => {
    expect(() => warmIntlOffThread()).not.toThrow();
    vi.stubGlobal('Worker', function Refused() {
      throw new DOMException('refused', 'SecurityError');
    });
    expect(() => warmIntlOffThread()).not.toThrow();
  });
});
