import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sendControlRequest, startControlChannel, type ControlChannel, type ControlHandlers } from './control-channel';
import { createLogger } from './logger';

function rawExchange(path: string, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(path, () => socket.end(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.once('end', () => resolve(answer));
    socket.once('error', reject);
  });
}

describe('the control socket', () => {
  const cleanups: Array<() => unknown> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function open(handlers: Partial<ControlHandlers>, lines: string[] = []): Promise<ControlChannel> {
    const dir = mkdtempSync(join(tmpdir(), 'ktc-control-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const refuse = async () => {
      throw new Error('not in this test');
    };
    const channel = await startControlChannel(
      join(dir, 'control.sock'),
      { 'create-admin': refuse, 'set-account-disabled': refuse, 'reset-second-factor': refuse, seed: refuse, backup: refuse, retention: refuse, clock: refuse, reminders: refuse, ...handlers },
      createLogger((line) => lines.push(line)),
    );
    cleanups.push(() => channel.close());
    return channel;
  }

  it('answers a request with its handler\'s result, on a socket only its owner can use', async () => {
    const channel = await open({ seed: async ({ count }) => ({ inserted: count }) });
    expect(statSync(channel.path).mode & 0o777).toBe(0o600);
    expect(await sendControlRequest(channel.path, { command: 'seed', count: 12 })).toEqual({ ok: true, result: { inserted: 12 } });
  });

  it('says what went wrong, and never logs what was sent (passwords travel here)', async () => {
    const lines: string[] = [];
    const channel = await open(
      {
        'create-admin': async () => {
          throw new Error('Use at least 12 characters.');
        },
      },
      lines,
    );
    const answer = await sendControlRequest(channel.path, { command: 'create-admin', username: 'bob', password: 'short secret' });
    expect(answer).toEqual({ ok: false, error: 'Use at least 12 characters.' });
    expect(lines.join('\n')).not.toContain('short secret');
    expect(JSON.parse(await rawExchange(channel.path, 'not json\n'))).toEqual({ ok: false, error: 'Not a JSON request.' });
    expect(JSON.parse(await rawExchange(channel.path, '{"command":"drop-everything"}\n'))).toMatchObject({ ok: false });
  });
});
