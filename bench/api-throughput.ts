import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { registrationContent, registrationInputSchema } from '@domain/registration';
import { canonicalJson } from '@domain/validation';
import { openDatabase, type Database } from '../server/db/client';
import { CONTROL_SOCKET_FILE } from '../server/db/data-dir-layout';
import { sendControlRequest } from '../server/lib/control-channel';
import { registrations } from '../server/db/schema';
import { makeRegistration, postJson } from '../tests/faults/support/registrations';
import type { BenchContext } from './lib/environment';
import { figure, type Figure, type PartResult } from './lib/report';

const PART = '2. API throughput';
const CONNECTIONS = 50;
const BATCH_SIZE = 100;

type Throughput = { requestsPerSecond: number; rowsPerSecond: number; p50: number; p99: number; ok: number; failed: number };

async function cannon(url: string, request: { method: 'GET' | 'POST'; path: string; body?: () => string }, seconds: number): Promise<Throughput & { statuses: Record<string, number> }> {
  const origin = new URL(url).origin;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 30,
    requests: [
      {
        method: request.method,
        path: request.path,
        headers: { 'content-type': 'application/json', origin, 'x-requested-with': 'fetch' },
        ...(request.body
          ? {
              setupRequest: (req) => {
                req.body = request.body?.();
                return req;
              },
            }
          : {}),
      },
    ],
  });
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, Number(s.count)]));
  return {
    requestsPerSecond: result['2xx'] / result.duration,
    rowsPerSecond: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    failed: result.non2xx + result.errors,
    statuses,
  };
}

function rowFor(n: number) {
  const parsed = registrationInputSchema.parse(makeRegistration(n));
  return {
    ...parsed,
    agreeTerms: true,
    contentHash: createHash('sha256').update(canonicalJson(registrationContent(parsed))).digest('hex'),
  };
}

/** The database's ceiling: the same inserts from the bench process itself, at the same concurrency. */
async function directInserts(database: Database, rowsPerInsert: number, seconds: number): Promise<Throughput> {
  const latencies: number[] = [];
  let n = 1_000_000 * rowsPerInsert;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const rows = Array.from({ length: rowsPerInsert }, () => rowFor(n++));
        const t = performance.now();
        await database.db.insert(registrations).values(rows).onConflictDoNothing();
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? Number.NaN;
  return {
    requestsPerSecond: latencies.length / elapsed,
    rowsPerSecond: (latencies.length * rowsPerInsert) / elapsed,
    p50: at(50),
    p99: at(99),
    ok: latencies.length,
    failed: 0,
  };
}

export async function measureApiThroughput(ctx: BenchContext, options: { seconds: number }): Promise<Omit<PartResult, 'seconds'>> {
  const figures: Figure[] = [];
  const add = (name: string, value: number | null, extra: Parameters<typeof figure>[3] = {}) => figures.push(figure(PART, name, value, extra));

  // Database ceiling first, with no server running, so neither steals the other's CPU.
  const direct = await ctx.freshDatabase('direct');
  let directSingle: Throughput;
  let directBatch: Throughput;
  try {
    const database =
      direct.kind === 'postgres' && direct.url
        ? await openDatabase({ kind: 'postgres', url: direct.url, maxConnections: 10 })
        : await openDatabase({ kind: 'pglite', dataDir: direct.dataDir });
    try {
      ctx.log(`  direct single inserts (${options.seconds} s) ...`);
      directSingle = await directInserts(database, 1, options.seconds);
      ctx.log(`  direct ${BATCH_SIZE}-row inserts (${options.seconds} s) ...`);
      directBatch = await directInserts(database, BATCH_SIZE, options.seconds);
    } finally {
      await database.close();
    }
  } finally {
    await direct.dispose();
  }

  const fresh = await ctx.freshDatabase('api');
  const server = await ctx.startServer(fresh);
  try {
    // Probe: is the write API there, and does it create?
    const single = await postJson(server.url, '/api/registrations', makeRegistration(1));
    const batch = await postJson(server.url, '/api/registrations/batch', { registrations: [makeRegistration(2), makeRegistration(3)] });
    if (single.status !== 201 || batch.status !== 200) {
      return {
        part: PART,
        figures,
        notMeasured: `the write API is not working yet (POST /api/registrations answered ${single.status}, /batch answered ${batch.status})`,
      };
    }

    ctx.log(`  GET /api/health (${options.seconds} s) ...`);
    const health = await cannon(`${server.url}/api/health`, { method: 'GET', path: '/api/health' }, options.seconds);
    let n = 0;
    ctx.log(`  POST /api/registrations (${options.seconds} s) ...`);
    const creates = await cannon(
      server.url,
      { method: 'POST', path: '/api/registrations', body: () => JSON.stringify(makeRegistration(n++)) },
      options.seconds,
    );
    ctx.log(`  POST /api/registrations/batch (${options.seconds} s) ...`);
    const batches = await cannon(
      server.url,
      {
        method: 'POST',
        path: '/api/registrations/batch',
        body: () => JSON.stringify({ registrations: Array.from({ length: BATCH_SIZE }, () => makeRegistration(n++)) }),
      },
      options.seconds,
    );
    batches.rowsPerSecond = batches.requestsPerSecond * BATCH_SIZE;

    // A backup in the middle of full-speed creates (PGlite: the server's online backup).
    let duringBackup: { creates: Throughput; backup: Record<string, unknown> } | null = null;
    if (fresh.kind === 'pglite') {
      ctx.log(`  POST /api/registrations with a backup running (${options.seconds} s) ...`);
      const outDir = mkdtempSync(join(tmpdir(), 'ktc-bench-backup-'));
      try {
        const load = cannon(server.url, { method: 'POST', path: '/api/registrations', body: () => JSON.stringify(makeRegistration(n++)) }, options.seconds);
        await new Promise((r) => setTimeout(r, 1000));
        const answer = await sendControlRequest(join(fresh.dataDir, CONTROL_SOCKET_FILE), { command: 'backup', out: join(outDir, 'bench.tar.gz') });
        if (!answer.ok) throw new Error(`backup under load failed: ${answer.error}`);
        duringBackup = { creates: await load, backup: answer.result };
      } finally {
        rmSync(outDir, { recursive: true, force: true });
      }
    }

    add('GET /api/health req/s (framework ceiling)', health.requestsPerSecond, { unit: 'req/s' });
    add('GET /api/health p99', health.p99, { unit: 'ms' });
    add('direct single inserts rows/s (database ceiling)', directSingle.rowsPerSecond, { unit: 'rows/s' });
    add(`direct ${BATCH_SIZE}-row inserts rows/s (database ceiling)`, directBatch.rowsPerSecond, { unit: 'rows/s' });

    add('POST /api/registrations req/s', creates.requestsPerSecond, { unit: 'req/s', note: `statuses ${JSON.stringify(creates.statuses)}` });
    add('  p50', creates.p50, { unit: 'ms' });
    // Little's law: with 50 requests always in flight, the mean latency is 50 / throughput. Below
    // 1,000 creates a second no p99 can be under 50 ms, so it is information, not a target.
    add('  p99 at 50 connections', creates.p99, {
      unit: 'ms',
      note: `information: the mean at ${CONNECTIONS} in flight is ${CONNECTIONS} / throughput = ${((CONNECTIONS / creates.requestsPerSecond) * 1000).toFixed(0)} ms`,
    });
    add('  / health req/s', creates.requestsPerSecond / health.requestsPerSecond, { unit: 'x' });
    add('  / direct single inserts', creates.rowsPerSecond / directSingle.rowsPerSecond, {
      unit: 'x',
      target: '>= 0.50',
      pass: creates.rowsPerSecond / directSingle.rowsPerSecond >= 0.5,
    });
    add('  non-2xx or errors', creates.failed, { target: '0', pass: creates.failed === 0 });

    add(`POST /api/registrations/batch (${BATCH_SIZE}) req/s`, batches.requestsPerSecond, { unit: 'req/s' });
    add('  rows/s', batches.rowsPerSecond, { unit: 'rows/s' });
    add('  p50', batches.p50, { unit: 'ms' });
    add('  p99 at 50 connections', batches.p99, {
      unit: 'ms',
      target: '< 1000 ms',
      pass: batches.p99 < 1000,
      note: `the mean at ${CONNECTIONS} in flight is ${CONNECTIONS} / throughput = ${((CONNECTIONS / batches.requestsPerSecond) * 1000).toFixed(0)} ms`,
    });
    add('  rows / direct batch-insert rows', batches.rowsPerSecond / directBatch.rowsPerSecond, {
      unit: 'x',
      target: '>= 0.70',
      pass: batches.rowsPerSecond / directBatch.rowsPerSecond >= 0.7,
    });
    add('  non-2xx or errors', batches.failed, { target: '0', pass: batches.failed === 0 });

    if (duringBackup) {
      const blocked = Number(duringBackup.backup.blockedMs);
      add('backup during full-speed creates: queries held (checkpoint + stop)', blocked, {
        unit: 'ms',
        target: '<= 50 ms',
        pass: blocked <= 50,
        note: `${(Number(duringBackup.backup.bytes) / 1048576).toFixed(1)} MiB`,
      });
      add('  backup total time under that load', Number(duringBackup.backup.totalMs) / 1000, { unit: 's' });
      add('  creates p99 while it ran', duringBackup.creates.p99, {
        unit: 'ms',
        target: '< 1000 ms',
        pass: duringBackup.creates.p99 < 1000,
        note: `without a backup: ${creates.p99} ms`,
      });
      add('  non-2xx or errors', duringBackup.creates.failed, { target: '0', pass: duringBackup.creates.failed === 0 });
    }

    return {
      part: PART,
      figures,
      details: { connections: CONNECTIONS, seconds: options.seconds, health, creates, batches, directSingle, directBatch, duringBackup },
    };
  } finally {
    await server.stop();
    server.cleanup();
    await fresh.dispose();
  }
}
