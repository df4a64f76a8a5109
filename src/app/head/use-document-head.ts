import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { langOfPath, LOCALE } from '@/lib/i18n/languages';

const isPrerendered = () => document.getElementById('root')?.dataset.renderedFor !== undefined;

/**
 * Keeps `<html lang>`, the tab title, description and canonical link right as the visitor moves
 * between pages in the app (and on the client-rendered pages, whose app shell says en-IN). The prerendered HTML already has them for the first page, so the page list
 * (pages.ts, with every contest's text) loads only on the first navigation, off the load path.
 */
export function useDocumentHead(): void {
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);
  useEffect(() => {
    const lang = LOCALE[langOfPath(pathname)];
    if (document.documentElement.lang !== lang) document.documentElement.lang = lang;
    if (pathname === firstPath.current && isPrerendered()) return;
    let cancelled = false;
    void import('./pages').then(({ CLIENT_RENDERED_PREFIXES, documentTitle, NOT_FOUND_PAGES, publicPageFor, SITE_NAME }) => {
      if (cancelled) return;
      const isPrivate = CLIENT_RENDERED_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
      const notFound = NOT_FOUND_PAGES[langOfPath(pathname)];
      const entry = publicPageFor(pathname) ?? (isPrivate ? undefined : notFound);
      document.title = entry ? documentTitle(entry) : SITE_NAME;
      if (!entry) return;
      document.querySelector('meta[name="description"]')?.setAttribute('content', entry.description);
      const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
      if (canonical && entry !== notFound) canonical.href = new URL(entry.path, canonical.href).href;
    });
    return () => {
      cancelled = true;
    };
  }, [pathname]);
}
