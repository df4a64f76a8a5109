import { cpus, loadavg } from 'node:os';

/**
 * How busy the machine is, for figures that a loaded machine would spoil (Lighthouse multiplies
 * the CPU time it observes by four; the first-tap timings run on a CPU slowed four times).
 * `busy` is the share of all cores' time not idle over a short window, measured from the
 * kernel's counters; `load1` the 1-minute load average, printed beside the figures.
 */
export type MachineLoad = { busy: number; load1: number };

const times = () =>
  cpus().reduce(
    (sum, cpu) => {
      const { user, nice, sys, idle, irq } = cpu.times;
      return { busy: sum.busy + user + nice + sys + irq, total: sum.total + user + nice + sys + idle + irq };
    },
    { busy: 0, total: 0 },
  );

export async function machineLoad(windowMs = 1_500): Promise<MachineLoad> {
  const before = times();
  await new Promise((resolve) => setTimeout(resolve, windowMs));
  const after = times();
  const total = after.total - before.total;
  return { busy: total > 0 ? (after.busy - before.busy) / total : 0, load1: loadavg()[0] ?? Number.NaN };
}

/** Above this share of the machine in use before a run, a front-end figure is not taken. */
export const QUIET_LIMIT = 0.25;

/**
 * `BENCH_BUSY_LIMIT=0.9` measures anyway on a shared machine, for working on a page; every figure
 * of such a run says so and gives no verdict (`onBusyMachine`).
 */
export const BUSY_LIMIT = Math.max(QUIET_LIMIT, Number(process.env.BENCH_BUSY_LIMIT) || QUIET_LIMIT);

/** Runs measured above the quiet limit (only with BENCH_BUSY_LIMIT): their figures are context, not verdicts. */
export const onBusyMachine = (loads: readonly MachineLoad[]) => loads.some((load) => load.busy > QUIET_LIMIT);
export const BUSY_NOTE = 'MEASURED ON A BUSY MACHINE (BENCH_BUSY_LIMIT): no verdict';

/**
 * Waits (up to `timeoutMs`) for the machine to be quiet before a measured run: the previous run's
 * browser winding down is normal; another program at work is not. Returns the last reading and
 * whether it is quiet enough to measure.
 */
export async function waitForQuiet(timeoutMs = 60_000): Promise<MachineLoad & { quiet: boolean }> {
  const started = Date.now();
  for (;;) {
    const load = await machineLoad();
    if (load.busy <= BUSY_LIMIT) return { ...load, quiet: true };
    if (Date.now() - started > timeoutMs) return { ...load, quiet: false };
  }
}

export const describeLoad = (load: MachineLoad) => `${Math.round(load.busy * 100)}% CPU in use, load ${load.load1.toFixed(2)}`;
