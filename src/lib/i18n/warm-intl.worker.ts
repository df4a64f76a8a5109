// A dedicated worker: makes the formatters the pages use, then says so once (see warm-intl.ts).
import { LOCALE } from './languages';

for (const locale of Object.values(LOCALE)) {
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }).format(1);
  new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(0);
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(0);
}
(self as unknown as { postMessage(done: true): void }).postMessage(true);
