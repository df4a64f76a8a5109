/** The languages the site speaks: English at today's paths, Tamil under /ta/ (ADR 015). */
export const LANGUAGES = ['en', 'ta'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The language a page's path is in: `/ta/...` and `/ta` are Tamil, everything else English. */
export function languageOfPath(pathname: string): Language {
  return pathname === '/ta' || pathname.startsWith('/ta/') ? 'ta' : 'en';
}
