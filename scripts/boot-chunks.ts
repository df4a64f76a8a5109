import type { Plugin } from 'vite';

/**
 * Fewer, larger chunks for what every page loads when it comes alive (ADR 032).
 *
 * Left to itself the bundler gives each small module shared by two dynamic imports a chunk of its
 * own: a prerendered page came alive through ~50 scripts, most under 3 KB, and Vite's preload
 * helper added one `<link rel="modulepreload">` per chunk, 12-20 ms of main-thread work at a
 * laptop's speed per import (four times that on a slow phone). Here the build puts:
 *
 * - React DOM and its scheduler in one chunk (`react-dom`), evaluated in a task of its own;
 * - the code the entry needs before any page (React itself, the language helpers) in one (`entry`);
 * - everything the app's modules import statically, whatever the page (`src/app/app.tsx`, the
 *   router with the layout, the i18n setup), in one (`shell`).
 *
 * The shell is computed from the module graph once it is complete (static imports only, so pages
 * and other lazily loaded code keep their own chunks). Nothing an admin page alone imports can
 * land in it.
 */

const REACT_DOM = /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/;
const SHELL_ROOTS = ['/src/app/app.tsx', '/src/app/router.tsx', '/src/lib/i18n/i18n.ts'];
const ENTRY = '/src/main.tsx';

type Graph = { importedIds: readonly string[] } | null;

/** Every module reachable from `roots` through static imports. */
function staticClosure(roots: string[], info: (id: string) => Graph): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const next of info(id)?.importedIds ?? []) queue.push(next);
  }
  return seen;
}

export function bootChunks(): Plugin {
  let root = '';
  let entryModules = new Set<string>();
  let shellModules = new Set<string>();
  return {
    name: 'ktc:boot-chunks',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      root = config.root;
    },
    buildEnd() {
      const info = (id: string) => this.getModuleInfo(id) as Graph;
      const ids = [...this.getModuleIds()];
      const find = (path: string) => ids.find((id) => id === `${root}${path}`);
      const entry = find(ENTRY);
      const shellRoots = SHELL_ROOTS.map(find);
      if (!entry || shellRoots.some((id) => id === undefined)) {
        throw new Error(`boot-chunks: the build did not see ${[ENTRY, ...SHELL_ROOTS].join(', ')}`);
      }
      entryModules = staticClosure([entry], info);
      entryModules.delete(entry);
      shellModules = staticClosure(shellRoots as string[], info);
    },
    outputOptions(options) {
      // A group of higher priority takes its modules first: React DOM is never in the entry's
      // chunk, and neither is in the shell's. React DOM's chunk leaves React itself to the entry.
      return {
        ...options,
        codeSplitting: {
          groups: [
            { name: 'react-dom', test: REACT_DOM, priority: 3, includeDependenciesRecursively: false },
            { name: 'entry', test: (id: string) => entryModules.has(id), priority: 2 },
            { name: 'shell', test: (id: string) => shellModules.has(id), priority: 1 },
          ],
        },
      };
    },
  };
}
