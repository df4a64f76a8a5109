import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { CLIENT_RENDERED_PREFIXES, documentTitle, NOT_FOUND_PAGE, publicPageFor, SITE_NAME } from './pages';

const isClientRendered = (pathname: string) =>
  CLIENT_RENDERED_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

/**
 * Keeps the tab title, description and canonical link right as the visitor moves between pages
 * in the app (the prerendered HTML already has them for the first page). One source: pages.ts.
 */
export function useDocumentHead(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const entry = publicPageFor(pathname) ?? (isClientRendered(pathname) ? undefined : NOT_FOUND_PAGE);
    document.title = entry ? documentTitle(entry) : SITE_NAME;
    if (!entry) return;
    document.querySelector('meta[name="description"]')?.setAttribute('content', entry.description);
    const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (canonical && entry !== NOT_FOUND_PAGE) canonical.href = new URL(entry.path, canonical.href).href;
  }, [pathname]);
}
