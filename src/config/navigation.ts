/**
 * The site's menus: the header's menu, the footer's links and the sidebar. Each page a menu links
 * to is named once, here, by the message id of its label (src/locales/<lang>.po).
 */
const LABELS = {
  '/': 'nav.home',
  '/contest/category': 'nav.categories',
  '/registration': 'nav.register',
  '/find-my-registration': 'footer.findRegistration',
  '/judgereg': 'nav.teacher',
  '/community': 'nav.community',
  '/about': 'nav.about',
  '/contact': 'nav.contact',
  '/faq': 'footer.faq',
  '/terms': 'footer.terms',
  '/privacy': 'footer.privacy',
  '/workshops': 'sidebar.workshops',
  '/learn-arts': 'sidebar.learn',
  '/events': 'sidebar.events',
  '/webinars': 'sidebar.webinars',
} as const;

export type SiteLink = { to: keyof typeof LABELS; label: (typeof LABELS)[keyof typeof LABELS] };

const links = (...paths: (keyof typeof LABELS)[]): readonly SiteLink[] => paths.map((to) => ({ to, label: LABELS[to] }));

export const MENU_LINKS = links('/', '/contest/category', '/registration', '/judgereg', '/community', '/about', '/contact');
export const FOOTER_LINKS = links('/', '/about', '/registration', '/find-my-registration', '/contact', '/faq', '/terms', '/privacy');
export const SIDEBAR_LINKS = links('/', '/workshops', '/learn-arts', '/events', '/webinars');
