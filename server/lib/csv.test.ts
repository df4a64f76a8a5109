import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell, csvResponse, csvRow } from './csv';

const SQL_ERROR = 'Failed query: select * from registrations where name like $1\nparams: %Asha Kumar%';

/** Rows as a database gives them: each batch a few milliseconds later, then a failing query. */
async function* rowsThatFailAfter(good: number, delayMs = 5): AsyncGenerator<string> {
  for (let i = 0; i < good; i++) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    yield csvRow([`row ${i}`]);
  }
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  throw new Error(SQL_ERROR);
}

async function readAll(response: Response): Promise<{ received: string; cut: boolean }> {
  let received = '';
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) return { received, cut: false };
      received += decoder.decode(chunk.value, { stream: true });
    }
  } catch {
    return { received, cut: true };
  }
}

describe('csvCell', () => {
  it('neutralises formulas and quotes every cell', () => {
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell(null)).toBe('""');
  });

  it('leaves a plain negative number a number, and neutralises anything more after a minus', () => {
    expect(csvCell('-99.00')).toBe('"-99.00"');
    expect(csvCell(-99)).toBe('"-99"');
    expect(csvCell('-99+cmd|calc')).toBe(`"'-99+cmd|calc"`);
    expect(csvCell('-1e3')).toBe(`"'-1e3"`);
    expect(csvCell('-')).toBe(`"'-"`);
  });
});

describe('csvResponse over a real HTTP server', () => {
  const failures: unknown[] = [];
  let server: ReturnType<typeof serve>;
  let url: string;
  beforeAll(async () => {
    const app = new Hono()
      .get('/fails-at-once', async () => csvResponse('x.csv', ['A'], rowsThatFailAfter(0), (e) => failures.push(e)))
      .get('/fails-later', async () => csvResponse('x.csv', ['A'], rowsThatFailAfter(3), (e) => failures.push(e)))
      .get('/fails-fast', async () => csvResponse('x.csv', ['A'], rowsThatFailAfter(2, 0), (e) => failures.push(e)))
      .onError((_error, c) => c.json({ error: { code: 'internal_error', message: 'Something went wrong on our side.' } }, 500));
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads the first rows before answering: a query that fails at once is a JSON error, not a stream', async () => {
    const response = await fetch(`${url}/fails-at-once`);
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const body = await response.text();
    expect(body).not.toMatch(/select|params|Asha/i);
  });

  it('cuts a download that fails part way without sending the error text', async () => {
    failures.length = 0;
    const response = await fetch(`${url}/fails-later`);
    expect(response.status).toBe(200);
    const { received, cut } = await readAll(response);
    expect(cut).toBe(true);
    expect(received).toContain('"row 2"');
    expect(received).not.toMatch(/select|params|Asha|Error/i);
    expect(failures).toHaveLength(1);
    expect(String(failures[0])).toContain('Failed query');
  });

  it('never sends the error text, even when the failure comes before the first bytes are written', async () => {
    const response = await fetch(`${url}/fails-fast`);
    const { received } = await readAll(response);
    expect(received).not.toMatch(/select|params|Asha/i);
  });
});
