import { i18n } from './i18n';
import type { Lang } from './languages';

/**
 * Season and contest data (src/config/season.ts, domain/season.ts, the contests' content) are
 * written in English in their modules; their Tamil is in the catalog under
 * `data.<kind>.<id>.<field>` (`.<index>` for each item of a list). This returns the data with its
 * text fields in the page's language; every other field is left as it is.
 */
export function localizeData<T extends object>(value: T, prefix: string, fields: readonly (keyof T & string)[], lang: Lang): T {
  if (lang === 'en') return value;
  const copy = { ...value } as Record<string, unknown>;
  for (const field of fields) {
    const text = value[field];
    if (typeof text === 'string') copy[field] = i18n._(`${prefix}.${field}`);
    else if (Array.isArray(text)) copy[field] = text.map((_, index) => i18n._(`${prefix}.${field}.${index}`));
  }
  return copy as T;
}
