import { i18n, type Messages } from '@lingui/core';
import type { Lang } from './languages';

/**
 * The message catalogs, one compiled chunk per language (src/locales/*.po, compiled by
 * @lingui/vite-plugin). A page imports only its own language's chunk.
 */
const CATALOGS: Record<Lang, () => Promise<{ messages: Messages }>> = {
  en: () => import('../../locales/en.po'),
  ta: () => import('../../locales/ta.po'),
};

export async function activateLanguage(lang: Lang): Promise<void> {
  if (i18n.locale === lang) return;
  const { messages } = await CATALOGS[lang]();
  i18n.loadAndActivate({ locale: lang, messages });
}

export { i18n };
