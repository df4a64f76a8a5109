import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/** Each test of the calling `describe` on fake timers; what it rendered is unmounted before the real timers come back. */
export function fakeTimersPerTest(): void {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });
}
