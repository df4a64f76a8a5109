import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import { LOCALE, localizePath, isLang, type Lang } from './languages';

export type MessageValues = Record<string, string | number>;
export type Translate = (id: string, values?: MessageValues) => string;

/**
 * The current language's messages. `t('nav.home')` looks an id up in the active catalog
 * (src/locales/<lang>.po); `to('/about')` is that page's path in the current language.
 */
export function useT() {
  const { i18n } = useLingui();
  const lang: Lang = isLang(i18n.locale) ? i18n.locale : 'en';
  const t = useCallback<Translate>((id, values) => i18n._(id, values), [i18n]);
  const to = useCallback((path: string) => localizePath(path, lang), [lang]);
  return { t, lang, locale: LOCALE[lang], to };
}
