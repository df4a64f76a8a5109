/**
 * Runs `work` now and then, on every instance: first after `firstAfterMs` (once the server has
 * started), then every `intervalMs`, never two at once. Failures go to `onError`; the next turn
 * tries again. Timers do not keep the process alive.
 */
export function every(options: { intervalMs: number; firstAfterMs: number }, work: () => Promise<void>, onError: (error: unknown) => void): { stop(): void } {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await work();
    } catch (error) {
      onError(error);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void tick(), options.firstAfterMs);
  const timer = setInterval(() => void tick(), options.intervalMs);
  first.unref();
  timer.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
