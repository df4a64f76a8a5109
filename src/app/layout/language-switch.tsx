import { useLocation } from 'react-router-dom';
import { LANG_NAME, LANG_STORAGE_KEY, localizePath, type Lang } from '@/lib/i18n/languages';
import { useT } from '@/lib/i18n/use-t';

/**
 * The header's language switch: a link to the same page in the other language (a full page load,
 * so only that language's catalog is ever loaded; ADR 015). Following it remembers the choice on
 * this device, so `/` opens in Tamil next time (src/main.tsx).
 */
export function LanguageSwitch() {
  const { pathname, search } = useLocation();
  const { t, lang } = useT();
  const other: Lang = lang === 'en' ? 'ta' : 'en';
  const remember = () => {
    try {
      localStorage.setItem(LANG_STORAGE_KEY, other);
    } catch {
      // Private mode without storage: the switch still works, it is just not remembered.
    }
  };
  return (
    <a
      className="header-pill language-switch"
      href={`${localizePath(pathname, other)}${search}`}
      hrefLang={other === 'ta' ? 'ta-IN' : 'en-IN'}
      lang={other === 'ta' ? 'ta-IN' : 'en-IN'}
      onClick={remember}
      title={t('language.switch')}
    >
      {LANG_NAME[other]}
    </a>
  );
}
