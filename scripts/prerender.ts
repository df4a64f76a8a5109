// The build's last step before the service worker is generated: renders every public page to its
// own HTML file (React's server rendering, src/entry-server.tsx), with its head tags, CSS and
// chunks linked; plus the not-found page, the app shell for private pages, sitemap.xml,
// robots.txt, the link preview image and pages.json (how the server maps paths to files).
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import type { PagesFile } from '../server/lib/static-files';
import type * as ServerEntry from '../src/entry-server';
import { offlineCore, routeModules, type Manifest } from './offline-core.ts';
import { renderPreviewImage } from './preview-image.ts';

/** Where the build leaves the offline core's file list for the service worker's precache (vite.config.ts). */
export const OFFLINE_CORE_FILE = 'node_modules/.cache/ktc-offline-core.json';

/** WhatsApp drops link previews whose image is larger than about 300 KB. */
const PREVIEW_MAX_BYTES = 300 * 1024;

const HEAD_MARK = '<!--app-head-->';
const ROOT_MARK = '<div id="root"><!--app-html--></div>';

/** The entry's stylesheet link as Vite writes it into index.html. */
const ENTRY_STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/;

/**
 * A stylesheet a public page needs at first paint, inlined: on a phone on slow mobile data each
 * render-blocking CSS file costs a round trip (and a new connection) before anything shows
 * (about 150-300 ms of Lighthouse's first paint each). The `disabled` link beside it is never
 * fetched; it is there so that Vite's preload helper, which skips CSS already linked in the
 * document, does not fetch the same file again when a lazy route imports it. Inline styles are
 * allowed by the CSP (`style-src 'unsafe-inline'`).
 */
function inlineStylesheet(outDir: string, file: string): string {
  const css = readFileSync(join(outDir, file), 'utf8');
  if (/url\(\s*['"]?(?!\/|data:|#|https?:)/.test(css)) {
    throw new Error(`${file} has a relative url(): it would break once the CSS is inlined into the page`);
  }
  if (/<\/style/i.test(css)) throw new Error(`${file} contains "</style", which would end the inlined style early`);
  return `<style>${css}</style><link rel="stylesheet" href="/${file}" disabled>`;
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The HTML file a page is written to: `/` → index.html, `/ta/` → ta/index.html, `/contest/dance` → contest/dance.html. */
export function pageFile(path: string): string {
  return path.endsWith('/') ? `${path}index.html` : `${path}.html`;
}

/** Every file a module needs: its chunk, its static imports (transitively) and their CSS. */
function assetsOf(manifest: Manifest, key: string, seen = new Set<string>()): { js: string[]; css: string[] } {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return { js: [], css: [] };
  seen.add(key);
  const js = [chunk.file];
  const css = [...(chunk.css ?? [])];
  for (const imported of chunk.imports ?? []) {
    const more = assetsOf(manifest, imported, seen);
    js.push(...more.js);
    css.push(...more.css);
  }
  return { js, css };
}

export function prerender(options: { origin: string; buildTime: string }): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'ktc:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      // Before vite-plugin-pwa's closeBundle (order: 'post'), so the pages are precached.
      order: 'pre',
      sequential: true,
      async handler() {
        if (config.build.ssr) return;
        const outDir = resolve(config.root, config.build.outDir);
        const ssrDir = resolve(config.root, 'node_modules/.cache/ktc-prerender');
        await build({
          configFile: config.configFile,
          mode: config.mode,
          logLevel: 'warn',
          define: { __BUILD_TIME__: JSON.stringify(options.buildTime) },
          build: {
            ssr: resolve(config.root, 'src/entry-server.tsx'),
            outDir: ssrDir,
            emptyOutDir: true,
            copyPublicDir: false,
            manifest: false,
            // The browser build splits the page list off the load path (use-document-head.ts);
            // this one-off Node bundle has no load path, so that split means nothing here.
            rolldownOptions: { checks: { ineffectiveDynamicImport: false } },
          },
        });
        const entry = (await import(`${pathToFileURL(join(ssrDir, 'entry-server.js')).href}?t=${Date.now()}`)) as typeof ServerEntry;
        const manifestPath = join(outDir, '.vite/manifest.json');
        const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
        const template = readFileSync(join(outDir, 'index.html'), 'utf8');
        if (!template.includes(HEAD_MARK) || !template.includes(ROOT_MARK)) {
          throw new Error(`index.html must contain ${HEAD_MARK} and ${ROOT_MARK}`);
        }
        const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
        const inShell = new Set(entryKey ? [...assetsOf(manifest, entryKey).js, ...assetsOf(manifest, entryKey).css] : []);

        const write = (file: string, content: string | Uint8Array) => {
          const target = join(outDir, file);
          mkdirSync(dirname(target), { recursive: true });
          writeFileSync(target, content);
        };

        // Taps before the script (ADR 031): one inline script, allowed by its hash in the CSP.
        const earlyTaps = entry.earlyTapsScript();
        if (/<\/script/i.test(earlyTaps)) throw new Error('The early-taps script contains "</script"');
        const earlyTapsHash = `'sha256-${createHash('sha256').update(earlyTaps).digest('base64')}'`;

        /** Renders a page in its language and writes it with the head `head` gives (called with that language active). */
        const renderToFile = async (page: { path: string; lang: ServerEntry.PublicPage['lang'] }, file: string, head: () => string) => {
          const { html, modules } = await entry.renderPage(page.path);
          const css = new Set<string>();
          for (const module of modules) {
            if (!manifest[module]) throw new Error(`${module} (a route of ${page.path}) is not in the build manifest`);
            const assets = assetsOf(manifest, module);
            for (const file of assets.css) if (!inShell.has(file)) css.add(file);
          }
          // The page's own CSS, so it is styled at first paint. Its chunks are not preloaded: that
          // would put them ahead of the first paint (see modulePreload in vite.config.ts).
          const links = [...css].map((file) => inlineStylesheet(outDir, file)).join('\n    ');
          const document = template
            .replace(ENTRY_STYLESHEET, (_link, file: string) => inlineStylesheet(outDir, file))
            // The page reads without its script: fetch it after what the first paint needs.
            .replace('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin')
            .replace(/<html lang="[^"]*">/, `<html lang="${entry.LOCALES[page.lang].htmlLang}">`)
            .replace(HEAD_MARK, head)
            .replace('</head>', `  ${links}\n  </head>`)
            .replace(ROOT_MARK, () => `<div id="root" data-rendered-for="${escapeAttribute(page.path)}">${html}</div>`);
          write(file, document);
        };

        const publicHead = (page: ServerEntry.PublicPage, notFound = false) => () =>
          `<script>${earlyTaps}</script>\n    ${entry.headTags(page, options.origin, { notFound })}`;
        for (const page of entry.PUBLIC_PAGES) await renderToFile(page, pageFile(page.path), publicHead(page));
        await renderToFile(entry.NOT_FOUND_PAGES.en, '/404.html', publicHead(entry.NOT_FOUND_PAGES.en, true));
        await renderToFile(entry.NOT_FOUND_PAGES.ta, '/ta/404.html', publicHead(entry.NOT_FOUND_PAGES.ta, true));

        // On a family's private link the frame's script asks for the registration at once and draws its
        // summary before React (issue 49, src/features/family/api/early-registration.ts).
        const earlyRegistration = entry.earlyRegistrationScript();
        if (/<\/script/i.test(earlyRegistration)) throw new Error('The early-registration script contains "</script"');
        const earlyRegistrationHash = `'sha256-${createHash('sha256').update(earlyRegistration).digest('base64')}'`;

        // Private pages are never indexed, and never send their address (a family's token) as a referrer.
        const privateHead = (title: string, script?: string) =>
          [
            `<title>${escapeAttribute(title)}</title>`,
            '<meta name="robots" content="noindex" />',
            '<meta name="referrer" content="no-referrer" />',
            ...(script ? [`<script>${script}</script>`] : []),
          ].join('\n    ');
        // A family's private page has its frame prerendered (SHELL_PAGES, issue 49).
        const shells: Record<string, string> = {};
        for (const shellPage of entry.SHELL_PAGES) {
          const file = `${shellPage.lang === 'en' ? '' : `/${shellPage.lang}`}/my-shell.html`;
          await renderToFile(shellPage, file, () => privateHead(shellPage.title, earlyRegistration));
          shells[shellPage.prefix] = file;
        }
        // The other private pages (admin, venue, saved) render in the browser from this empty shell;
        // so does a family's page offline (the service worker's fallback).
        const shell = template
          .replace(HEAD_MARK, () => privateHead('Kids Talent Competition Chennai'))
          .replace(ROOT_MARK, '<div id="root"></div>\n    <noscript>This page needs JavaScript. Please turn it on.</noscript>');
        write('/app-shell.html', shell);

        const pagesFile: PagesFile = {
          pages: Object.fromEntries(entry.PUBLIC_PAGES.map((page) => [page.path, pageFile(page.path)])),
          redirects: { ...entry.PAGE_ALIASES },
          appShell: '/app-shell.html',
          appShellPrefixes: entry.CLIENT_RENDERED_PREFIXES,
          shells,
          notFound: '/404.html',
          notFoundByPrefix: { '/ta/': '/ta/404.html' },
          inlineScriptHashes: [earlyTapsHash, earlyRegistrationHash],
        };
        write('/pages.json', `${JSON.stringify(pagesFile, null, 2)}\n`);

        const day = options.buildTime.slice(0, 10);
        write(
          '/sitemap.xml',
          [
            '<?xml version="1.0" encoding="UTF-8"?>',
            '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
            ...entry.PUBLIC_PAGES.map((page) => {
              // Every language's version of the page, on each of them (hreflang in sitemaps).
              const alternates = entry.alternatesOf(page.path);
              const links = [
                ...alternates.map((a) => `<xhtml:link rel="alternate" hreflang="${entry.LOCALES[a.lang].htmlLang}" href="${options.origin}${a.path}"/>`),
                `<xhtml:link rel="alternate" hreflang="x-default" href="${options.origin}${alternates[0]?.path ?? page.path}"/>`,
              ];
              return `  <url><loc>${options.origin}${page.path}</loc><lastmod>${day}</lastmod>${links.join('')}</url>`;
            }),
            '</urlset>',
            '',
          ].join('\n'),
        );
        write(
          '/robots.txt',
          [
            'User-agent: *',
            ...entry.CLIENT_RENDERED_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
            'Disallow: /api/',
            '',
            `Sitemap: ${options.origin}/sitemap.xml`,
            '',
          ].join('\n'),
        );

        const png = await renderPreviewImage(resolve(config.root, 'manifest/preview.svg'), entry.PREVIEW_IMAGE.width);
        if (png.length > PREVIEW_MAX_BYTES) {
          throw new Error(`The link preview is ${Math.round(png.length / 1024)} KB; WhatsApp ignores previews over 300 KB`);
        }
        write(entry.PREVIEW_IMAGE.path, png);

        // What the service worker precaches: read by vite-plugin-pwa's step, which runs after this one.
        const routes = routeModules(readFileSync(resolve(config.root, 'src/app/router.tsx'), 'utf8'));
        if (routes.size < 10) throw new Error(`Found only ${routes.size} route modules in src/app/router.tsx`);
        const assets = readdirSync(join(outDir, 'assets')).map((file) => `assets/${file}`);
        const core = [...offlineCore(manifest, routes, assets)].sort();
        mkdirSync(resolve(config.root, 'node_modules/.cache'), { recursive: true });
        writeFileSync(resolve(config.root, OFFLINE_CORE_FILE), `${JSON.stringify(core, null, 2)}\n`);

        // The manifest served its purpose; nothing should serve it.
        rmSync(join(outDir, '.vite'), { recursive: true, force: true });
        rmSync(ssrDir, { recursive: true, force: true });
        config.logger.info(`prerendered ${entry.PUBLIC_PAGES.length} pages, 404.html, the family page's frames and app-shell.html for ${options.origin}`);
      },
    },
  };
}
