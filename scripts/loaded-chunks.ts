import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;

/**
 * Vite lists, for each dynamic import, every chunk the imported one needs, and its preload helper
 * inserts a `<link rel="modulepreload">` for each one not linked yet, on the main thread as the
 * import starts. The list also names the chunks the importing chunk itself imports statically:
 * those are always evaluated before its code runs, so their links fetch nothing and only cost the
 * insertion. On the family's private page the sections' import inserted 24 links, most of them
 * for React, the shell and the query code already running: 25-30 ms of the sections' task at a
 * slow phone's speed (ADR 032, "Preload only what is missing").
 *
 * `plugin` keeps the bundle as it is written (Vite's import analysis, which calls
 * `resolveDependencies`, runs after the project's plugins); `missing` drops from a dynamic
 * import's list what its host chunk is sure to have loaded. A host it does not know (a worker's
 * bundle) keeps its list.
 */
export function loadedChunks(): { plugin: Plugin; missing: (host: string, deps: string[]) => string[] } {
  let bundle: OutputBundle | null = null;
  const loaded = new Map<string, Set<string>>();

  /** `host` and every chunk it imports statically, transitively. */
  function loadedWith(host: string): Set<string> | null {
    const known = loaded.get(host);
    if (known) return known;
    if (bundle?.[host]?.type !== 'chunk') return null;
    const seen = new Set<string>();
    const queue = [host];
    while (queue.length > 0) {
      const file = queue.pop()!;
      const chunk = bundle[file];
      if (seen.has(file) || chunk?.type !== 'chunk') continue;
      seen.add(file);
      queue.push(...chunk.imports);
    }
    loaded.set(host, seen);
    return seen;
  }

  return {
    plugin: {
      name: 'ktc:loaded-chunks',
      apply: 'build',
      applyToEnvironment: (environment) => environment.name === 'client',
      generateBundle(_options, output) {
        bundle = output;
        loaded.clear();
      },
    },
    missing(host, deps) {
      const present = loadedWith(host);
      return present ? deps.filter((dep) => !present.has(dep)) : deps;
    },
  };
}
