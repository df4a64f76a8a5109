import { i18n, type Messages } from '@lingui/core';
import type { Lang } from './languages';

/** Makes `lang` the page's language, with its catalog (loaded by `loadCatalog`, ./catalogs.ts). */
export function activateLanguage(lang: Lang, messages: Messages): void {
  if (i18n.locale === lang) return;
  i18n.loadAndActivate({ locale: lang, messages });
}

export { i18n };
