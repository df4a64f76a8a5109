import { useT } from '@/lib/i18n/use-t';
import { NavLink } from 'react-router-dom';

const SIDEBAR_LINKS = [
  { to: '/', label: 'nav.home' },
  { to: '/workshops', label: 'sidebar.workshops' },
  { to: '/learn-arts', label: 'sidebar.learn' },
  { to: '/events', label: 'sidebar.events' },
  { to: '/webinars', label: 'sidebar.webinars' },
] as const;

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
