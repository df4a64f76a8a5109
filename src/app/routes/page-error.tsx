import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { AppLink } from '@/components/app-link';
import type { Lang } from '@/lib/i18n/languages';
import { useT } from '@/lib/i18n/use-t';
import { savedPaths } from '@/lib/pwa/saved-pages';
import { ErrorMessage } from './route-error';

/**
 * A visitors' page that failed, inside the site's header and footer. Offline, the usual cause is a
 * page this phone never opened (its code is not cached): say so and list the pages that are
 * saved (src/lib/pwa/saved-pages.ts). Online, a real error keeps the general message.
 */
export function PageError() {
  return typeof navigator !== 'undefined' && navigator.onLine === false ? <PageNotSaved /> : <ErrorMessage />;
}

/** The saved pages of this language that have a title (src/app/head/pages.ts), by title, without this one. */
async function savedPages(lang: Lang, except: string): Promise<{ path: string; title: string }[]> {
  const [{ publicPageFor }, paths] = await Promise.all([import('@/app/head/pages'), savedPaths(lang)]);
  const here = publicPageFor(except) ?? publicPageFor(`${except.replace(/\/$/, '')}`);
  const pages = new Map<string, string>();
  for (const path of paths) {
    const page = publicPageFor(path) ?? publicPageFor(`${path}/`);
    if (page && page !== here) pages.set(page.path, page.title);
  }
  return [...pages].map(([path, title]) => ({ path, title })).sort((a, b) => a.title.localeCompare(b.title, lang));
}

function PageNotSaved() {
  const { t, lang } = useT();
  const { pathname } = useLocation();
  const [pages, setPages] = useState<{ path: string; title: string }[] | null>(null);
  useEffect(() => {
    let cancelled = false;
    savedPages(lang, pathname)
      .catch(() => [])
      .then((found) => {
        if (!cancelled) setPages(found);
      });
    return () => {
      cancelled = true;
    };
  }, [lang, pathname]);
  return (
    <section className="page page--narrow page-not-saved" aria-labelledby="not-saved-heading" data-page-not-saved="">
      <h1 id="not-saved-heading">{t('offline.title')}</h1>
      <p>{t('offline.notSaved')}</p>
      {pages && pages.length > 0 ? (
        <>
          <h2 id="saved-pages-heading">{t('offline.savedPages')}</h2>
          <ul aria-labelledby="saved-pages-heading" className="page-not-saved__list">
            {pages.map((page) => (
              <li key={page.path}>
                <AppLink to={page.path}>{page.title}</AppLink>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {pages && pages.length === 0 ? <p>{t('offline.noneSaved')}</p> : null}
      <p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {t('error.retry')}
        </button>
      </p>
    </section>
  );
}
