/**
 * Ends the current task: what follows runs in a new one, after the browser has had its turn.
 * `scheduler.yield()` where the browser has it, else a message to ourselves (as React's own
 * scheduler does): unlike a timer, neither waits a second in a background tab.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
