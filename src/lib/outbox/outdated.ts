/**
 * "This tab runs an old build": another tab opened the outbox at a newer schema version, so this
 * one closed its copy (outbox-db.ts) to let that upgrade go ahead. The update prompt listens here
 * and asks for a reload. No Dexie in this module: the prompt lives in the shell's lean entry chunk.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let outdated = false;

export function isOutboxOutdated(): boolean {
  return outdated;
}

export function markOutboxOutdated(): void {
  if (outdated) return;
  outdated = true;
  for (const listener of listeners) listener();
}

export function onOutboxOutdated(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
