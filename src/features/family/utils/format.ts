import { categoryBySlug, isCategorySlug } from '@domain/categories';
import { SEASON } from '@domain/season';
import { ApiRequestError } from '@/lib/api-request-error';
import { dateFormat, formatDayOf, numberFormat } from '@/lib/i18n/format';
import type { Lang } from '@/lib/i18n/languages';

/** A day in Chennai, e.g. "23 December 2027" / "23 டிசம்பர் 2027". */
export const formatDay = formatDayOf;

/** A day and time in Chennai, e.g. "23 December 2027 at 4:05 pm". */
export const formatDateTime = (iso: string, lang: Lang) =>
  dateFormat(lang, { timeZone: SEASON.timeZone, day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

/** Megabytes with one decimal, e.g. "58.2" (the entry cards' sizes). */
export const formatMegabytes = (bytes: number, lang: Lang) => numberFormat(lang, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(bytes / (1024 * 1024));

/** The message id of a contest's name (the catalogs keep the organisers' English in brackets in Tamil). */
export function categoryMessage(slug: string): string | null {
  return isCategorySlug(slug) ? `category.${categoryBySlug(slug).slug}` : null;
}

/**
 * What the family page says when the server refused or could not be reached: the server's own
 * reason on an English page; a Tamil page gives `fallback`, its own more general words. Null when
 * nothing failed.
 */
export function failureText(error: unknown, fallback: string, lang: Lang): string | null {
  if (!error) return null;
  return error instanceof ApiRequestError && error.body && lang === 'en' ? error.message : fallback;
}
