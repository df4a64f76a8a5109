import { LOCALE, type Lang } from './languages';

/** ₹ with Indian grouping (₹1,00,000), in the language's own digits and words. */
export function formatRupees(amount: number, lang: Lang): string {
  return new Intl.NumberFormat(LOCALE[lang], { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }).format(amount);
}

export function formatNumber(value: number, lang: Lang): string {
  return new Intl.NumberFormat(LOCALE[lang]).format(value);
}

/** A calendar date (YYYY-MM-DD, no time zone) as "12 April 2027" / "12 ஏப்ரல் 2027". */
export function formatDay(isoDay: string, lang: Lang, options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' }): string {
  const [year, month, day] = isoDay.split('-').map(Number);
  const date = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
  return new Intl.DateTimeFormat(LOCALE[lang], { ...options, timeZone: 'UTC' }).format(date);
}

/** An instant, in Chennai's time. */
export function formatDateTime(instant: Date | string | number, lang: Lang): string {
  return new Intl.DateTimeFormat(LOCALE[lang], { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(new Date(instant));
}

/** A range of calendar days (YYYY-MM-DD), e.g. "18–20 ஏப்ரல், 2027". */
export function formatDayRange(fromDay: string, toDay: string, lang: Lang): string {
  const toDate = (isoDay: string) => {
    const [year, month, day] = isoDay.split('-').map(Number);
    return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
  };
  return new Intl.DateTimeFormat(LOCALE[lang], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).formatRange(toDate(fromDay), toDate(toDay));
}
