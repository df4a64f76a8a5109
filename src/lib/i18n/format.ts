import { LOCALE, type Lang } from './languages';

// Making an Intl formatter is the costly part (the first one a page makes loads the locale's
// data: ~50 ms on a slow phone); formatting with one is cheap. One per language and options.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(lang: Lang, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${lang} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(LOCALE[lang], options)));
  return format;
}

function dateFormat(lang: Lang, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(LOCALE[lang], options)));
  return format;
}

/** ₹ with Indian grouping (₹1,00,000), in the language's own digits and words. */
export function formatRupees(amount: number, lang: Lang): string {
  return numberFormat(lang, { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }).format(amount);
}

export function formatNumber(value: number, lang: Lang): string {
  return numberFormat(lang).format(value);
}

/** A calendar date (YYYY-MM-DD, no time zone) as "12 April 2027" / "12 ஏப்ரல் 2027". */
export function formatDay(isoDay: string, lang: Lang, options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' }): string {
  const [year, month, day] = isoDay.split('-').map(Number);
  const date = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
  return dateFormat(lang, { ...options, timeZone: 'UTC' }).format(date);
}

/** An instant, in Chennai's time. */
export function formatDateTime(instant: Date | string | number, lang: Lang): string {
  return dateFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(new Date(instant));
}
