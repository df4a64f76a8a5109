import type { Language } from '@domain/languages';
import { SEASON } from '@domain/season';
import { escapeHtml } from './html';

/**
 * The one shell of the pages the server writes itself, with no script: the published results
 * (issue 25), the certificate check (issue 49) and the answer to a registration form sent before
 * the page's script ran (ADR 031).
 * Small, self-contained CSS; the page's language on <html>; the site's name linking home.
 */
export type ServerPage = {
  language: Language;
  title: string;
  /** The other language's version of the page, when it has one (hreflang). */
  otherLanguagePath?: string;
  /** The site's public origin (`publicUrl`): the hreflang link is then written in full, as search engines want it. */
  origin?: string;
  /** Links beside the site's name (HTML, escaped by the caller). */
  nav?: string;
  navLabel?: string;
  /** The page's content (HTML, escaped by the caller). */
  body: string;
  /** More CSS for this kind of page. */
  style?: string;
  /** Send no Referer to other sites, not even the origin: the page's address names something (a certificate). */
  sameOriginReferrer?: boolean;
};

export function serverPage(page: ServerPage): string {
  const { language } = page;
  const other = page.otherLanguagePath
    ? `\n<link rel="alternate" hreflang="${language === 'ta' ? 'en' : 'ta'}" href="${escapeHtml(`${page.origin ?? ''}${page.otherLanguagePath}`)}">`
    : '';
  const referrer = page.sameOriginReferrer ? '\n<meta name="referrer" content="same-origin">' : '';
  const nav = page.nav ? `\n<nav aria-label="${escapeHtml(page.navLabel ?? page.title)}">${page.nav}</nav>` : '';
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">${referrer}
<title>${escapeHtml(page.title)} | ${escapeHtml(SEASON.name)}</title>
<meta name="description" content="${escapeHtml(page.title)}">${other}
<link rel="icon" href="/favicon.ico" sizes="32x32">
<style>${STYLE}${page.style ?? ''}</style>
</head>
<body>
<header>
<a class="site" href="${language === 'ta' ? '/ta/' : '/'}">${escapeHtml(SEASON.name)}</a>${nav}
</header>
<main id="main">
${page.body}
</main>
<footer><p>${escapeHtml(SEASON.name)}, ${escapeHtml(SEASON.city)}</p></footer>
</body>
</html>
`;
}

const STYLE = `
:root{color-scheme:light;--ink:#1d1b2e;--muted:#514d66;--line:#d9d5e8;--accent:#5b2bb5;--bg:#faf9fd}
*{box-sizing:border-box}body{margin:0;font:1rem/1.5 system-ui,"Noto Sans","Noto Sans Tamil",sans-serif;color:var(--ink);background:var(--bg)}
a{color:var(--accent)}a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
header,main,footer{max-width:60rem;margin:0 auto;padding:1rem}
header{display:flex;flex-wrap:wrap;gap:1rem;justify-content:space-between;align-items:center;border-bottom:1px solid var(--line)}
.site{font-weight:700;text-decoration:none;color:var(--ink)}
h1{font-size:1.5rem;line-height:1.25;margin:.5rem 0}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
@media (max-width:30rem){header,main,footer{padding:.75rem}}
footer{color:var(--muted);font-size:.875rem}
`;
