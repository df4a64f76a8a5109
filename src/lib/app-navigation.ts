import { createContext, type MouseEvent } from 'react';

/**
 * How a click on one of the app's own links becomes a page change without a page load (ADR 032,
 * "Links without the router's hooks"). The app provides the router's `navigate`
 * (src/app/app.tsx); each `AppLink` reads it once. Where nothing provides it (the prerender, a
 * component test), a link is an ordinary link.
 */
export type AppNavigate = (to: string, options: { replace: boolean }) => unknown;

export const AppNavigation = createContext<AppNavigate | null>(null);

/**
 * Follows a click on an app link in the app, as the router's own links do: only a plain click
 * with the main button, on a link that opens here, to this site, that nothing else has handled.
 * A click with Ctrl, ⌘, Shift or Alt, a middle click, `target="_blank"` or `download` is left to
 * the browser. Going to the address already shown replaces the history entry instead of adding
 * one.
 */
export function followInApp(event: MouseEvent<HTMLAnchorElement>, navigate: AppNavigate | null): void {
  if (!navigate || event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const anchor = event.currentTarget;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return;
  event.preventDefault();
  const to = `${url.pathname}${url.search}${url.hash}`;
  const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  navigate(to, { replace: to === here });
}

/**
 * Whether a menu's link names the page being shown (its `aria-current`): the same path, or, unless
 * `end`, a page under it. Case is ignored, as the router ignores it.
 */
export function isCurrentPage(pathname: string, href: string, end = false): boolean {
  const here = pathname.toLowerCase();
  const to = href.toLowerCase();
  if (here === to) return true;
  if (end) return false;
  return here.startsWith(to.endsWith('/') ? to : `${to}/`);
}
