import { LinguiContext } from '@lingui/react';
import { useCallback, useContext } from 'react';
import { i18n as globalI18n } from './i18n';
import { isLang, LOCALE, localizePath, type Lang } from './languages';

export type MessageValues = Record<string, string | number>;
export type Translate = (id: string, values?: MessageValues) => string;

/**
 * The current language's messages. `t('nav.home')` looks an id up in the active catalog
 * (src/locales/<lang>.po); `to('/about')` is that page's path in the current language.
 * Outside an I18nProvider (a component test) it reads the shared instance directly.
 */
export function useT() {
  const i18n = useContext(LinguiContext)?.i18n ?? globalI18n;
  const lang: Lang = isLang(i18n.locale) ? i18n.locale : 'en';
  const t = useCallback<Translate>((id, values) => i18n._(id, values), [i18n]);
  const to = useCallback((path: string) => localizePath(path, lang), [lang]);
  return { t, lang, locale: LOCALE[lang], to };
}
