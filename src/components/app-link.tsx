import { use, type ComponentProps } from 'react';
import { AppNavigation, followInApp } from '@/lib/app-navigation';

type AppLinkProps = Omit<ComponentProps<'a'>, 'href'> & {
  /** The page's path, with its language (`to()` from useT). */
  to: string;
  /** This link names the page being shown (a menu's current page). */
  current?: boolean;
};

/**
 * A link to one of the app's own pages: an ordinary `<a href>`, whose click the app follows
 * without a page load once it is live (src/lib/app-navigation.ts). It reads one context and
 * nothing else. The router's own `Link` and `NavLink` use about a dozen hooks each, and a page
 * has some 34 links. With this link instead, hydrating a page took about a quarter less of React's
 * work in traces (ADR 032). A link that must load the page from the server (the language switch,
 * the server's results pages) is a plain `<a>`.
 */
export function AppLink({ to, current, onClick, children, ...rest }: AppLinkProps) {
  const navigate = use(AppNavigation);
  return (
    <a
      {...rest}
      href={to}
      aria-current={current ? 'page' : rest['aria-current']}
      onClick={(event) => {
        onClick?.(event);
        followInApp(event, navigate);
      }}
    >
      {children}
    </a>
  );
}
