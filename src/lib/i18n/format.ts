import { LOCALE, type Lang } from './languages';

/** Times are shown in Chennai's, wherever the reader is. */
const CHENNAI = 'Asia/Kolkata';

// Making an Intl formatter is the costly part (the first one a page makes loads the locale's
// data: ~50 ms on a slow phone); formatting with one is cheap. One per kind, language and options.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function kept<F extends Intl.NumberFormat | Intl.DateTimeFormat>(kind: 'number' | 'date', lang: Lang, options: object, make: () => F): F {
  const key = `${kind} ${lang} ${JSON.stringify(options)}`;
  let format = formatters.get(key) as F | undefined;
  if (!format) formatters.set(key, (format = make()));
  return format;
}

export const numberFormat = (lang: Lang, options: Intl.NumberFormatOptions = {}) => kept('number', lang, options, () => new Intl.NumberFormat(LOCALE[lang], options));
export const dateFormat = (lang: Lang, options: Intl.DateTimeFormatOptions) => kept('date', lang, options, () => new Intl.DateTimeFormat(LOCALE[lang], options));

/** ₹ with Indian grouping (₹1,00,000), in the language's own digits and words. */
export function formatRupees(amount: number, lang: Lang): string {
  return numberFormat(lang, { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }).format(amount);
}

export function formatNumber(value: number, lang: Lang): string {
  return numberFormat(lang).format(value);
}

const LONG_DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };

/** A calendar date (YYYY-MM-DD, no time zone) as "12 April 2027" / "12 ஏப்ரல் 2027". */
export function formatDay(isoDay: string, lang: Lang, options: Intl.DateTimeFormatOptions = LONG_DAY): string {
  const [year, month, day] = isoDay.split('-').map(Number);
  const date = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
  return dateFormat(lang, { ...options, timeZone: 'UTC' }).format(date);
}

/** The day of an instant in Chennai, as "12 April 2027" / "12 ஏப்ரல் 2027". */
export function formatDayOf(instant: Date | string | number, lang: Lang): string {
  return dateFormat(lang, { ...LONG_DAY, timeZone: CHENNAI }).format(new Date(instant));
}

/** An instant, in Chennai's time. */
export function formatDateTime(instant: Date | string | number, lang: Lang): string {
  return dateFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: CHENNAI }).format(new Date(instant));
}
