import type { Language } from './languages';

/**
 * A count with its noun, in words made outside the catalogs (the server's pages and emails, the
 * English-only admin pages): the same choice as the catalogs' ICU plurals
 * (`{count, plural, one {# child} other {# children}}`), by the same CLDR rules, which for
 * English and Tamil have the forms `one` and `other`. `#` is the count, written as in India.
 */
export type PluralForms = { one: string; other: string };

const RULES: Record<Language, Intl.PluralRules> = { en: new Intl.PluralRules('en'), ta: new Intl.PluralRules('ta') };
// Made when first needed, not when the module loads: the first formatter a page makes loads the
// browser's locale data, and a page that formats nothing never pays for it.
let number: Intl.NumberFormat | undefined;

export function plural(count: number, forms: PluralForms, language: Language = 'en'): string {
  const form = RULES[language].select(count) === 'one' ? forms.one : forms.other;
  number ??= new Intl.NumberFormat('en-IN');
  return form.replaceAll('#', number.format(count));
}
