import { describe, expect, it } from 'vitest';
import { ourTasksByTheClock, type TraceEvent } from './trace-tasks';

const main = { pid: 1, tid: 10 };
const other = { pid: 1, tid: 11 };
const names: TraceEvent[] = [
  { name: 'thread_name', ph: 'M', ...main, ts: 0, args: { name: 'CrRendererMain' } },
  { name: 'thread_name', ph: 'M', ...other, ts: 0, args: { name: 'Compositor' } },
];
const task = (ts: number, wallMs: number, threadMs: number, where = main): TraceEvent => ({ name: 'RunTask', ph: 'X', ...where, ts, dur: wallMs * 1000, tdur: threadMs * 1000 });
const call = (ts: number, url: string, where = main): TraceEvent => ({ name: 'FunctionCall', ph: 'X', ...where, ts, dur: 100, args: { data: { url } } });
const ours = (url: string) => url.startsWith('http://localhost:4999/') && url.endsWith('.js');

describe('our tasks by the clock', () => {
  it('finds the main thread tasks that ran our scripts for long enough, with their thread time', () => {
    const events = [
      ...names,
      task(1_000, 14, 1.2),
      call(1_500, 'http://localhost:4999/assets/react-dom-abc.js'),
      task(30_000, 20, 18),
      call(30_100, 'chrome-extension://x/bindings.js'),
      call(30_200, 'http://localhost:4999/assets/shell-def.js'),
      // Too short by the clock.
      task(60_000, 9, 9),
      call(60_100, 'http://localhost:4999/assets/react-dom-abc.js'),
      // Long, but no script of ours in it (parsing the page, layout).
      task(90_000, 40, 35),
      call(90_100, 'http://localhost:4999/ta/'),
      // Another thread.
      task(120_000, 30, 30, other),
      call(120_100, 'http://localhost:4999/assets/react-dom-abc.js', other),
    ];
    expect(ourTasksByTheClock(events, ours, 12.5)).toEqual([
      { url: 'http://localhost:4999/assets/react-dom-abc.js', wallMs: 14, threadMs: 1.2 },
      { url: 'http://localhost:4999/assets/shell-def.js', wallMs: 20, threadMs: 18 },
    ]);
  });

  it('finds nothing in a trace without a page main thread', () => {
    expect(ourTasksByTheClock([task(0, 80, 80), call(10, 'http://localhost:4999/assets/a.js')], ours, 12.5)).toEqual([]);
  });
});
