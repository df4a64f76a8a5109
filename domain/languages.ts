/** The languages the site speaks: English at today's paths, Tamil under /ta/ (ADR 015). */
export const LANGUAGES = ['en', 'ta'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
