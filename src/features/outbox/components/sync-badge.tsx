// Placeholder until the outbox badge is built.
export function SyncBadge() {
  return null;
}
