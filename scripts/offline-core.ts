// Which built files the service worker precaches on the first visit (issue 27): the shell, the
// registration form and the judge application with everything saving offline needs (both are
// queued on the device when there is no connection), the saved list, and their words in both
// languages. Everything else is cached when it is first used (vite.config.ts, runtimeCaching).

export type ManifestChunk = {
  file: string;
  src?: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
};
export type Manifest = Record<string, ManifestChunk>;

/** The pages a first visit makes work offline, by their route module (src/app/router.tsx). */
export const OFFLINE_PAGES = [
  'src/features/registration/routes/registration-page.tsx',
  'src/features/judges/routes/judge-application-page.tsx',
  'src/features/outbox/routes/saved-page.tsx',
  'src/app/routes/not-found.tsx',
  // The contact form saves to the outbox too; its saving code loads when the form is first
  // touched (ADR 032), which may be after the connection is gone.
  'src/features/contact/routes/contact-page.tsx',
] as const;

/** Their prerendered HTML (and the shell every other path falls back to), in both languages. */
export const OFFLINE_DOCUMENTS = [
  'app-shell.html',
  'registration.html',
  'ta/registration.html',
  'judgereg.html',
  'ta/judgereg.html',
  '404.html',
  'ta/404.html',
] as const;

/**
 * Workers every page starts as it boots (src/lib/i18n/warm-intl.ts). Vite builds a worker on its
 * own and leaves it out of the manifest, so it is found by its file name in the build's assets.
 */
export const BOOT_WORKERS = [/^assets\/warm-intl\.worker-[\w-]+\.js$/] as const;

/** Loaded later, or only by some visitors: never part of the first visit's download. */
const NOT_CORE = [/sphere-scene/, /webgl-probe/, /time-series-plot/];

/**
 * The route modules: every `import.meta.glob('/…')` in the router names one page (or venue
 * mode's shell). Of these only OFFLINE_PAGES are core; the router's other lazy imports (the
 * header's sync badge, say) are part of the shell.
 */
export function routeModules(routerSource: string): Set<string> {
  return new Set([...routerSource.matchAll(/import\.meta\.glob\('\/([^']+)'\)/g)].map((match) => match[1]!));
}

/**
 * The files of the offline core: from the entry, every static import and every lazy import the
 * shell makes as it boots or later (React, the app, the router, the catalogs, the header's
 * parts), except pages other than OFFLINE_PAGES; from those pages, everything they import, now or
 * when a form is used (the saving code, the outbox); and the workers every page starts, from
 * `assets` (the build's files under assets/). Paths are relative to the build's root.
 */
export function offlineCore(manifest: Manifest, routes: Set<string>, assets: readonly string[]): Set<string> {
  const files = new Set<string>(['manifest.webmanifest', 'favicon.ico', ...OFFLINE_DOCUMENTS]);
  for (const pattern of BOOT_WORKERS) {
    const worker = assets.find((file) => pattern.test(file));
    if (!worker) throw new Error(`The build wrote no worker named like ${pattern}`);
    files.add(worker);
  }
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key) || NOT_CORE.some((pattern) => pattern.test(key) || pattern.test(chunk.file))) return;
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const imported of chunk.dynamicImports ?? []) {
      if (!routes.has(imported) || (OFFLINE_PAGES as readonly string[]).includes(imported)) visit(imported);
    }
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('The build manifest has no entry');
  visit(entry);
  for (const page of OFFLINE_PAGES) {
    if (!manifest[page]) throw new Error(`${page} (an offline page) is not in the build manifest`);
    visit(page);
  }
  return files;
}
