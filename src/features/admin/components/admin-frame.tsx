import type { ReactNode } from 'react';
import { LogoMark } from '@/components/logo-mark';

type Props = {
  /** The signed-in admin's navigation and Sign out; absent on the login and session pages. */
  bar?: ReactNode;
  children: ReactNode;
};

/**
 * Every admin page's frame inside the admin shell: a compact header (the site's name, "Admin"
 * and `bar`) and the <main> the shell's skip link leads to.
 */
export function AdminFrame({ bar, children }: Props) {
  return (
    <div className="admin-frame">
      <header className="admin-header">
        <p className="admin-header__brand">
          <LogoMark size={24} />
          <span>Kids Talent Competition</span>
          <span className="admin-header__area">Admin</span>
        </p>
        {bar}
      </header>
      <main id="main" tabIndex={-1} className="admin-main">
        {children}
      </main>
    </div>
  );
}
