import { useT } from '@/lib/i18n/use-t';
import { useLocation } from 'react-router-dom';
import { AppLink } from '@/components/app-link';
import { isCurrentPage } from '@/lib/app-navigation';
import { SIDEBAR_LINKS } from '@/config/navigation';

export function SiteSidebar() {
  const { t, to } = useT();
  const { pathname } = useLocation();
  return (
    <aside className="site-sidebar">
      <nav aria-label={t('sidebar.label')}>
        <ul className="site-sidebar__list">
          {SIDEBAR_LINKS.map((link) => (
            <li key={link.to}>
              <AppLink to={to(link.to)} current={isCurrentPage(pathname, to(link.to), link.to === '/')} className="site-sidebar__link">
                {t(link.label)}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
