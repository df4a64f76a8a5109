/** The languages the site speaks: English at today's paths, Tamil under /ta/ (issue 14; not built yet). */
export const LANGUAGES = ['en', 'ta'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
