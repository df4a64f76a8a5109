import type { Messages } from '@lingui/core';
import type { Lang } from './languages';

/**
 * The message catalogs, one compiled chunk per language (src/locales/*.po, compiled by
 * @lingui/vite-plugin). A page imports only its own language's chunk (ADR 015). The browser's
 * entry starts this import itself, beside the app's, so the catalog downloads in parallel.
 */
const CATALOGS: Record<Lang, () => Promise<{ messages: Messages }>> = {
  en: () => import('../../locales/en.po'),
  ta: () => import('../../locales/ta.po'),
};

export function loadCatalog(lang: Lang): Promise<{ messages: Messages }> {
  return CATALOGS[lang]();
}
