import { describe, expect, it } from 'vitest';
import { syncWords } from './sync-words';

const idle = { running: false, lastOutcome: null };

describe("the venue header's sync state, in words", () => {
  it('says all is sent when nothing waits (synced records do not count)', () => {
    expect(syncWords([], idle)).toBe('All sent');
    expect(syncWords(['synced', 'synced'], idle)).toBe('All sent');
  });

  it('counts what waits to be sent, and says when there is no connection', () => {
    expect(syncWords(['queued', 'queued', 'sending', 'synced'], idle)).toBe('3 waiting to send');
    expect(syncWords(['queued'], { running: false, lastOutcome: 'offline' })).toBe('1 waiting to send (no connection)');
    expect(syncWords(['queued', 'sending'], { running: true, lastOutcome: 'offline' })).toBe('Sending 2…');
  });

  it('names records waiting for a sign-in and those that need attention apart', () => {
    expect(syncWords(['needs-sign-in', 'needs-sign-in'], idle)).toBe('2 waiting for sign-in');
    expect(syncWords(['queued', 'failed'], idle)).toBe('1 waiting to send, 1 needs attention');
    expect(syncWords(['failed', 'conflict'], idle)).toBe('2 need attention');
  });
});
