import type { RunningServer } from '../../tests/setup/server-process';
import { figure, type Figure } from './report';

/**
 * The server's event-loop delay as the bench sees it: the server logs one line a second
 * (LOOP_DELAY_LOG_SECONDS=1, server/lib/loop-delay.ts) and a part reads the lines logged between
 * two marks. Windows are merged through their percentiles (each stands for its share of the
 * window's samples), so the p99 is close to, not exactly, the p99 of all samples.
 */
export type LoopDelay = { p99: number; max: number; seconds: number };

/** A place in the server's output; `loopDelaySince` reads the lines after it. */
export const loopDelayMark = (server: RunningServer): number => server.output().length;

type Window = { count: number; max: number; percentiles: Record<string, number> };

export function loopDelaySince(server: RunningServer, mark: number): LoopDelay | null {
  const windows: Window[] = [];
  for (const line of server.output().slice(mark).split('\n')) {
    if (!line.includes('"event loop delay"')) continue;
    try {
      windows.push(JSON.parse(line) as Window);
    } catch {
      // a line cut by the read: skip it
    }
  }
  if (windows.length === 0) return null;
  const weighted: { value: number; weight: number }[] = [];
  for (const w of windows) {
    const at = (p: string) => w.percentiles[p] ?? w.max;
    weighted.push(
      { value: at('50'), weight: 0.5 * w.count },
      { value: at('90'), weight: 0.4 * w.count },
      { value: at('99'), weight: 0.09 * w.count },
      { value: at('99.9'), weight: 0.009 * w.count },
      { value: w.max, weight: 0.001 * w.count },
    );
  }
  weighted.sort((a, b) => a.value - b.value);
  const total = weighted.reduce((sum, s) => sum + s.weight, 0);
  let seen = 0;
  let p99 = weighted.at(-1)?.value ?? Number.NaN;
  for (const s of weighted) {
    seen += s.weight;
    if (seen >= 0.99 * total) {
      p99 = s.value;
      break;
    }
  }
  return { p99, max: Math.max(...windows.map((w) => w.max)), seconds: windows.length };
}

/** One figure: the loop delay's p99 over a stretch of a part, with its max in the note. */
export function loopDelayFigure(part: string, during: string, delay: LoopDelay | null, targetMs?: number): Figure {
  return figure(part, `  event-loop delay p99 ${during}`, delay?.p99 ?? null, {
    unit: 'ms',
    ...(targetMs === undefined ? {} : { target: `< ${targetMs} ms`, pass: delay !== null && delay.p99 < targetMs }),
    note: delay ? `max ${delay.max} ms over ${delay.seconds} s (the server's own monitorEventLoopDelay)` : 'no loop-delay line logged',
  });
}

/** Measures the loop delay over `work`: a mark before, the lines after, read once the work is done. */
export async function withLoopDelay<T>(server: RunningServer, work: () => Promise<T>): Promise<{ result: T; delay: LoopDelay | null }> {
  const mark = loopDelayMark(server);
  const result = await work();
  // The last window is logged up to a second after the work ends.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  return { result, delay: loopDelaySince(server, mark) };
}
