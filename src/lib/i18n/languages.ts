/**
 * The site's two languages and how a path names one (docs/decisions/015-i18n-lingui.md):
 * English at today's paths, Tamil under /ta/ with the same path after it. Pure: no React, no
 * catalog, so the router, the head tags, the prerender and the server can all use it.
 */
import { languageOfPath } from '@domain/languages';

export const LANGS = ['en', 'ta'] as const;
export type Lang = (typeof LANGS)[number];

/** The BCP 47 locale each language formats numbers and dates with (Intl) and declares (html lang). */
export const LOCALE: Record<Lang, string> = { en: 'en-IN', ta: 'ta-IN' };

/** The language's own name, as the language switch shows it. */
export const LANG_NAME: Record<Lang, string> = { en: 'English', ta: 'தமிழ்' };

export const isLang = (value: unknown): value is Lang => value === 'en' || value === 'ta';

/** The language a pathname is in: `/ta/...` and `/ta` are Tamil, everything else English (the server's rule too). */
export const langOfPath: (pathname: string) => Lang = languageOfPath;

/** The language-neutral path: `/ta/about` → `/about`, `/ta/` → `/`. */
export function basePath(pathname: string): string {
  if (langOfPath(pathname) !== 'ta') return pathname;
  const rest = pathname.slice('/ta'.length);
  return rest === '' ? '/' : rest;
}

/** The same page in a language: `localizePath('/about', 'ta')` → `/ta/about`; the Tamil home is `/ta/`. */
export function localizePath(path: string, lang: Lang): string {
  const base = basePath(path);
  if (lang === 'en') return base;
  return base === '/' ? '/ta/' : `/ta${base}`;
}

/** Where a remembered choice is kept on the device (the header's language switch writes it). */
export const LANG_STORAGE_KEY = 'ktc:lang';
