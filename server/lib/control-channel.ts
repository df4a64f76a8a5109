import { chmodSync, unlinkSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { z } from 'zod';
import type { Logger } from './logger';
import { describeError } from './logger';

/**
 * The running server's local door for the commands people run beside it (ADR 008): `npm run
 * admin`, `npm run seed` and `npm run backup`, `npm run retention` on a data directory the server holds. A Unix socket
 * in DATA_DIR, mode 0600 inside a 0700 directory: only the user who runs the server can connect,
 * as with Postgres's own local socket. One JSON line in, one JSON line out.
 */

export const controlRequestSchema = z.discriminatedUnion('command', [
  z.object({
    command: z.literal('create-admin'),
    username: z.string().max(200),
    password: z.string().max(1000),
    role: z.enum(['admin', 'staff', 'judge']).optional(),
    /** With the role judge: which contests they score (domain/judge-rules.ts JUDGE_EXPERTISE). */
    expertise: z.string().max(100).optional(),
    /** reset: only an existing account gets the new password. */
    mode: z.enum(['create', 'reset']).optional(),
    /** The account's authenticator-app secret, base32 (ADR 033). */
    totpSecret: z.string().max(200).optional(),
  }),
  z.object({ command: z.literal('reset-second-factor'), username: z.string().max(200) }),
  z.object({ command: z.literal('set-account-disabled'), username: z.string().max(200), disabled: z.boolean() }),
  z.object({ command: z.literal('seed'), count: z.number().int().min(1).max(2_000_000) }),
  z.object({ command: z.literal('backup'), out: z.string().min(1).max(4096) }),
  z.object({ command: z.literal('retention'), dryRun: z.boolean() }),
  /** Tests only: moves the server's clock (refused unless it was started with TEST_CLOCK=on). Ten years either way at most. */
  z.object({ command: z.literal('clock'), offsetMs: z.number().int().min(-3650 * 86_400_000).max(3650 * 86_400_000) }),
  /** Tests only: queues the reminders due at the server's now at once, as its 15-minute job does (refused unless TEST_CLOCK=on). */
  z.object({ command: z.literal('reminders') }),
]);

export type ControlRequest = z.infer<typeof controlRequestSchema>;
export type ControlCommand = ControlRequest['command'];
export type ControlResponse = { ok: true; result: Record<string, unknown> } | { ok: false; error: string };

export type ControlHandlers = {
  [K in ControlCommand]: (request: Extract<ControlRequest, { command: K }>) => Promise<Record<string, unknown>>;
};

const MAX_REQUEST_BYTES = 64 * 1024;
/** Unix socket paths are limited to 107 bytes (sun_path). */
export const MAX_SOCKET_PATH_BYTES = 107;

export type ControlChannel = { path: string; close(): Promise<void> };

export async function startControlChannel(path: string, handlers: ControlHandlers, log: Logger): Promise<ControlChannel> {
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH_BYTES) {
    throw new Error(`The control socket path is longer than ${MAX_SOCKET_PATH_BYTES} bytes (${path}); use a shorter DATA_DIR.`);
  }
  // Only a dead holder can have left this behind: our caller holds the data directory's lock.
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    let buffer = '';
    let handled = false;
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      if (handled) return;
      buffer += chunk;
      if (buffer.length > MAX_REQUEST_BYTES) {
        handled = true;
        reply(socket, { ok: false, error: 'Request too large.' });
        return;
      }
      const newline = buffer.indexOf('\n');
      if (newline === -1) return;
      handled = true;
      void answer(buffer.slice(0, newline), handlers, log).then((response) => reply(socket, response));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(path, 0o600);
  return {
    path,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function reply(socket: Socket, response: ControlResponse) {
  if (!socket.destroyed) socket.end(`${JSON.stringify(response)}\n`);
}

async function answer(line: string, handlers: ControlHandlers, log: Logger): Promise<ControlResponse> {
  let request: ControlRequest;
  try {
    const parsed = controlRequestSchema.safeParse(JSON.parse(line));
    if (!parsed.success) return { ok: false, error: `Not a request this server understands: ${parsed.error.issues[0]?.message ?? 'invalid'}` };
    request = parsed.data;
  } catch {
    return { ok: false, error: 'Not a JSON request.' };
  }
  try {
    const handler = handlers[request.command] as (r: ControlRequest) => Promise<Record<string, unknown>>;
    const result = await handler(request);
    log.info('control request', { command: request.command });
    return { ok: true, result };
  } catch (error) {
    // The message goes back to the local user who asked; the log never carries the request itself.
    log.warn('control request failed', { command: request.command, problem: describeError(error) });
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Sends one request to a running server and waits for its answer (a seed or backup may take minutes). */
export function sendControlRequest(path: string, request: ControlRequest, timeoutMs = 30 * 60_000): Promise<ControlResponse> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(path);
    let text = '';
    socket.setEncoding('utf8');
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`The server did not answer within ${Math.round(timeoutMs / 1000)} s.`)));
    socket.once('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => (text += chunk));
    socket.once('error', reject);
    socket.once('end', () => {
      try {
        resolve(JSON.parse(text) as ControlResponse);
      } catch {
        reject(new Error('The server sent an answer this command cannot read.'));
      }
    });
  });
}
