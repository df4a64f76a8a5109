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
 * - everything the app's modules import statically, whatever the page (`src/app/client-boot.ts`:
 *   the app, the router with the layout, the i18n setup), in one (`shell`), which the entry loads
 *   with one import;
 * - what two or more of the public reading pages (home, about, the programmes, the contests, the
 *   information pages) import statically besides the shell, in one (`public`): the section and
 *   icon components, the season's texts, the contests' content. Each page then comes alive
 *   through its own chunk and this one, not six or seven small ones, each a request and a preload
 *   link made on the main thread as the page's import starts. The forms' code is not in it (no
 *   reading page imports a form), so `/` loads no form code it did not load before.
 * - the footer's newsletter form, which every visitors' page loads once it has loaded, with all
 *   it imports statically besides the chunks above (`forms`): the form, field and error
 *   components and the validation helpers every form uses. It came as six chunks, whose preload
 *   links were made inside React's task as the form mounted; the form pages now load one chunk
 *   for them too;
 * - React Query's two packages, whatever hooks a page uses (`query`): left to the bundler they came
 *   as seven chunks on each page that reads server data, split by which hooks it calls.
 * - zod with its set-up (domain/zod.ts), whatever parts of it a page's schemas use (`zod`): left
 *   to the bundler, the set-up, zod's `coerce` and its `iso` helpers came as three chunks of under
 *   100 bytes beside it, each a request and a preload link.
 *
 * The shell is computed from the module graph once it is complete (static imports only, so pages
 * and other lazily loaded code keep their own chunks). Nothing an admin page alone imports can
 * land in it.
 */

const REACT_DOM = /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/;
const REACT_QUERY = /[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/;
/** zod, and domain/zod.ts, which sets it up for the browser before any schema is built. */
const ZOD = /[\\/]node_modules[\\/]zod[\\/]|[\\/]domain[\\/]zod\.ts$/;
const SHELL_ROOTS = ['/src/app/client-boot.ts'];
const ENTRY = '/src/main.tsx';
/** The public reading pages (src/app/router.tsx): what two of them share goes in `public`. */
const READING_PAGES = [
  '/src/features/home/routes/home-page.tsx',
  '/src/features/about/routes/about-page.tsx',
  '/src/features/programs/routes/events-page.tsx',
  '/src/features/programs/routes/workshops-page.tsx',
  '/src/features/programs/routes/learn-arts-page.tsx',
  '/src/features/programs/routes/webinars-page.tsx',
  '/src/features/info/routes/community-page.tsx',
  '/src/features/info/routes/terms-page.tsx',
  '/src/features/info/routes/privacy-page.tsx',
  '/src/features/info/routes/faq-page.tsx',
  '/src/features/contests/routes/categories-page.tsx',
  '/src/features/contests/routes/contest-page.tsx',
];

/** The form every visitors' page loads after it has loaded (src/app/layout/site-footer.tsx). */
const AFTER_LOAD_FORM = '/src/features/newsletter/components/newsletter-form.tsx';

/**
 * V8 compiles a function the first time it is called, on the main thread, unless the file asks
 * for every function to be compiled at once: a first line of `//# allFunctionsCalledOnLoad`
 * (Chromium 136 and later; other browsers read a comment). The browser then compiles the whole
 * file while it streams in, off the main thread. Without it, hydration compiled React DOM's and
 * the shell's functions as it first called them, inside React's own tasks: 29-38 ms per page
 * load at a laptop's speed in traces (7-10 ms with it), lengthening React's render slices past
 * 50 ms at a phone's speed. Only chunks whose code nearly all runs at every load carry the hint:
 * compiling code that never runs costs memory and the phone's other core (ADR 032).
 */
const EAGERLY_COMPILED = new Set(['react-dom', 'shell']);
const COMPILE_ALL_HINT = '//# allFunctionsCalledOnLoad';

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
  let publicModules = new Set<string>();
  let formModules = new Set<string>();
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
      const pages = READING_PAGES.map(find);
      const form = find(AFTER_LOAD_FORM);
      if (!entry || !form || [...shellRoots, ...pages].some((id) => id === undefined)) {
        throw new Error(`boot-chunks: the build did not see ${[ENTRY, ...SHELL_ROOTS, ...READING_PAGES, AFTER_LOAD_FORM].join(', ')}`);
      }
      entryModules = staticClosure([entry], info);
      entryModules.delete(entry);
      shellModules = staticClosure(shellRoots as string[], info);
      const importedBy = new Map<string, number>();
      for (const page of pages as string[]) {
        for (const id of staticClosure([page], info)) importedBy.set(id, (importedBy.get(id) ?? 0) + 1);
      }
      // The public and forms sets also hold modules of the groups above; the higher priority of
      // those groups keeps them there.
      publicModules = new Set([...importedBy].filter(([, count]) => count >= 2).map(([id]) => id));
      formModules = staticClosure([form], info);
    },
    generateBundle: {
      // Last, once the chunks are minified (which would drop a comment) and Vite has put its
      // preload helper's list at the top of the chunks that import others: V8 reads the hint on
      // the first line only. The file's name keeps the hash of the code without this line, which
      // never changes, so the name still tells one version of the code from another.
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk' && EAGERLY_COMPILED.has(file.name)) file.code = `${COMPILE_ALL_HINT}\n${file.code}`;
        }
      },
    },
    outputOptions(options) {
      // A group of higher priority takes its modules first: React DOM is never in the entry's
      // chunk, and neither is in the shell's. React DOM's chunk leaves React itself to the entry.
      return {
        ...options,
        codeSplitting: {
          groups: [
            { name: 'react-dom', test: REACT_DOM, priority: 5, includeDependenciesRecursively: false },
            { name: 'entry', test: (id: string) => entryModules.has(id), priority: 4 },
            { name: 'shell', test: (id: string) => shellModules.has(id), priority: 3 },
            { name: 'public', test: (id: string) => publicModules.has(id), priority: 2 },
            { name: 'forms', test: (id: string) => formModules.has(id), priority: 1 },
            { name: 'query', test: REACT_QUERY, priority: 0 },
            { name: 'zod', test: ZOD, priority: 0 },
          ],
        },
      };
    },
  };
}
