import { NavLink } from 'react-router-dom';

const SIDEBAR_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/workshops', label: 'Workshops' },
  { to: '/learn-arts', label: 'Learn' },
  { to: '/events', label: 'Events' },
  { to: '/webinars', label: 'Webinars' },
] as const;

export function SiteSidebar() {
  return (
    <aside className="site-sidebar">
      <nav aria-label="Programs">
        <ul className="site-sidebar__list">
          {SIDEBAR_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.to === '/'} className="site-sidebar__link">
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
