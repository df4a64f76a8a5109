import { I18nProvider } from '@lingui/react';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { routes, type PageHandle } from './app/router';
import { i18n } from './lib/i18n/i18n';
import { langOfPath, type Lang } from './lib/i18n/languages';
import { messages as en } from './locales/en.po';
import { messages as ta } from './locales/ta.po';

// Both catalogs, loaded once; each page activates its own language before it renders (ADR 015).
i18n.load({ en, ta });
export function activate(lang: Lang): void {
  i18n.activate(lang);
}

export { headTags } from './app/head/head-tags';
export { earlyTapsScript } from './lib/early-taps/early-taps';
export { earlyRegistrationScript } from './features/family/api/early-registration';
export { CLIENT_RENDERED_PREFIXES, LOCALES, NOT_FOUND_PAGES, PAGE_ALIASES, PUBLIC_PAGES, SHELL_PAGES, alternatesOf, type PublicPage } from './app/head/pages';
export { PREVIEW_IMAGE } from './app/head/preview-image';

/**
 * Build-time rendering of one public page (the prerender in build/prerender-plugin.ts calls this
 * for every entry of PUBLIC_PAGES). Waits for every Suspense boundary, so the HTML is complete.
 * Returns the page's HTML and the source modules of its route chunks (to link their CSS and JS).
 */
export async function renderPage(path: string): Promise<{ html: string; modules: string[] }> {
  i18n.activate(langOfPath(path));
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`Prerendering ${path} answered ${context.status} instead of a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      {/* No inline hydration script: the CSP allows only our own script files and the one early-taps script (ADR 031), and no route has a loader. */}
      <I18nProvider i18n={i18n}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </I18nProvider>
    </StrictMode>,
    {
      // Never split a large Suspense boundary into a later segment: completing it takes an inline
      // script, which the CSP forbids. Every boundary is written in place, complete.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => {
        errors.push(error);
      },
    },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array));
  const html = Buffer.concat(chunks).toString('utf8');
  if (errors.length > 0) throw new Error(`Prerendering ${path} failed`, { cause: errors[0] });
  // The CSP allows no inline script but the early-taps one the prerender adds (ADR 031): a page that needs another would not hydrate.
  if (/<script(?![^>]*type="application\/ld\+json")/.test(html) || html.includes('<template')) {
    throw new Error(`Prerendering ${path} produced an inline script or a deferred segment`);
  }
  const modules = context.matches.flatMap((match) => {
    const handle = match.route.handle as PageHandle | undefined;
    return handle?.module ? [handle.module] : [];
  });
  return { html, modules };
}
