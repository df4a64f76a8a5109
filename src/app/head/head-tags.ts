import { escapeHtml } from '@domain/html';
import { LOCALE } from '@/lib/i18n/languages';
import { alternatesOf, documentTitle, LOCALES, SITE_NAME, type PublicPage } from './pages';
import { PREVIEW_IMAGE } from './preview-image';
import { structuredData } from './structured-data';

/** JSON inside <script>: `<` is escaped so no text in the data can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The <head> tags of a prerendered page: title, description, canonical link, Open Graph and
 * Twitter card tags, and schema.org JSON-LD. `origin` is the public site URL set at build time.
 */
export function headTags(entry: PublicPage, origin: string, options: { notFound?: boolean } = {}): string {
  const url = `${origin}${entry.path}`;
  const title = documentTitle(entry);
  const image = `${origin}${PREVIEW_IMAGE.path}`;
  const meta = (key: 'name' | 'property', name: string, content: string | number) =>
    `<meta ${key}="${name}" content="${escapeHtml(String(content))}" />`;
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', entry.description),
    // A not-found page has no address of its own to point at, and must not be indexed.
    options.notFound ? meta('name', 'robots', 'noindex') : `<link rel="canonical" href="${escapeHtml(url)}" />`,
    // Each language's version of the page, and English for everyone else (x-default).
    ...(options.notFound
      ? []
      : [
          ...alternatesOf(entry.path).map(
            (alternate) => `<link rel="alternate" hreflang="${LOCALE[alternate.lang]}" href="${escapeHtml(`${origin}${alternate.path}`)}" />`,
          ),
          `<link rel="alternate" hreflang="x-default" href="${escapeHtml(`${origin}${alternatesOf(entry.path)[0]?.path ?? '/'}`)}" />`,
        ]),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', LOCALES[entry.lang].ogLocale),
    meta('property', 'og:title', entry.title),
    meta('property', 'og:description', entry.description),
    ...(options.notFound ? [] : [meta('property', 'og:url', url)]),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', PREVIEW_IMAGE.width),
    meta('property', 'og:image:height', PREVIEW_IMAGE.height),
    meta('property', 'og:image:alt', PREVIEW_IMAGE.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', entry.title),
    meta('name', 'twitter:description', entry.description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', PREVIEW_IMAGE.alt),
    `<script type="application/ld+json">${scriptJson(structuredData(origin, { levels: entry.describesLevels === true }))}</script>`,
  ].join('\n    ');
}
