import { useT } from '@/lib/i18n/use-t';
import { NavLink } from 'react-router-dom';
import { SIDEBAR_LINKS } from '@/config/navigation';

export function SiteSidebar() {
  const { t, to } = useT();
  return (
    <aside className="site-sidebar">
      <nav aria-label={t('sidebar.label')}>
        <ul className="site-sidebar__list">
          {SIDEBAR_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={to(link.to)} end={link.to === '/'} className="site-sidebar__link">
                {t(link.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
