/** A Chromium trace event, as much of it as is read here. */
export type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { url?: string } };
};

/** One task of the page's main thread: its script, its length by the clock and the thread's own time in it. */
export type ClockTask = { url: string; wallMs: number; threadMs: number };

/** Events that name the script they run. */
const RUNS_A_SCRIPT = new Set(['FunctionCall', 'EvaluateScript', 'v8.compile', 'v8.compileModule', 'v8.evaluateModule', 'TimerFire', 'EventDispatch']);

/**
 * The tasks of the page's main thread that ran one of our scripts and lasted at least `minWallMs`
 * by the clock, with the thread's own time in each (the trace's thread time). Lighthouse
 * multiplies a task's length by the clock by four; a task long by the clock and short on the
 * thread was waiting for a core, not working (ADR 032). `url` is the first of our scripts the
 * task ran.
 */
export function ourTasksByTheClock(events: readonly TraceEvent[], isOurs: (url: string) => boolean, minWallMs: number): ClockTask[] {
  const mainThreads = new Set(
    events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map((event) => `${event.pid}:${event.tid}`),
  );
  const onMain = events.filter((event) => event.ph === 'X' && mainThreads.has(`${event.pid}:${event.tid}`));
  const tasks: ClockTask[] = [];
  for (const task of onMain) {
    if (task.name !== 'RunTask' || (task.dur ?? 0) < minWallMs * 1000) continue;
    const end = task.ts + (task.dur ?? 0);
    const script = onMain.find(
      (event) =>
        event.pid === task.pid &&
        event.tid === task.tid &&
        event.ts >= task.ts &&
        event.ts < end &&
        RUNS_A_SCRIPT.has(event.name) &&
        typeof event.args?.data?.url === 'string' &&
        isOurs(event.args.data.url),
    );
    if (!script) continue;
    tasks.push({ url: script.args!.data!.url!, wallMs: (task.dur ?? 0) / 1000, threadMs: (task.tdur ?? task.dur ?? 0) / 1000 });
  }
  return tasks;
}
