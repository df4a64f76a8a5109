import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Logger } from './logger';

/** The percentiles each window's line carries (the bench merges windows from them). */
export const LOOP_DELAY_PERCENTILES = [50, 90, 99, 99.9] as const;

export type LoopDelayWindow = { count: number; max: number; percentiles: Record<string, number> };

/**
 * How late the event loop was to run a timer (`perf_hooks.monitorEventLoopDelay`, 10 ms
 * resolution), logged as one line per window and reset (LOOP_DELAY_LOG_SECONDS; off by default).
 * It is what a request waits before the server even reads it: the bench reads these lines
 * (bench/lib/loop-delay.ts) and an operator can grep them. It goes to the log only, never to a
 * visitor.
 */
export function startLoopDelayLog(log: Logger, intervalSeconds: number): { stop(): void } {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const ms = (ns: number) => Math.round(ns / 1e4) / 100;
  const timer = setInterval(() => {
    const window: LoopDelayWindow = {
      count: histogram.count,
      max: ms(histogram.max),
      percentiles: Object.fromEntries(LOOP_DELAY_PERCENTILES.map((p) => [String(p), ms(histogram.percentile(p))])),
    };
    histogram.reset();
    if (window.count > 0) log.info('event loop delay', window);
  }, intervalSeconds * 1000);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      histogram.disable();
    },
  };
}
