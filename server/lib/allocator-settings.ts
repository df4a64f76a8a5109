/**
 * The allocator settings `npm start` and `npm run serve` give the server (README, "Memory"):
 * with glibc's defaults each of the server's threads keeps the memory it freed, and a publish
 * day took the server over 400 MiB. A server started another way (a systemd unit, plain `node`)
 * runs without them unless its environment sets them; it says so once at start.
 */
export const ALLOCATOR_SETTINGS = ['MALLOC_ARENA_MAX', 'MALLOC_MMAP_THRESHOLD_'] as const;

/** The C library's version when it is glibc (Node's own report says), else undefined (musl, macOS, Windows). */
export function glibcVersion(): string | undefined {
  const header = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header;
  return header?.glibcVersionRuntime;
}

/**
 * The warning to log at start, or null when the settings are there or mean nothing here (not
 * glibc). `glibc` is asked only when a setting is missing: Node's report is a whole diagnostic.
 */
export function allocatorWarning(env: Record<string, string | undefined>, glibc: () => string | undefined): string | null {
  const missing = ALLOCATOR_SETTINGS.filter((name) => !env[name]);
  if (missing.length === 0 || !glibc()) return null;
  return `${missing.join(' and ')} not set: the server may use far more memory than it needs. Start it with npm start or npm run serve, or set them as the README says ("Memory").`;
}
