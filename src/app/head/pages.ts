import { CATEGORIES } from '@domain/categories';
import { i18n } from '@/lib/i18n/i18n';
import { basePath, LANGS, localizePath, type Lang } from '@/lib/i18n/languages';
import { LEVELS, SEASON } from '@/config/season';
import { CONTESTS } from '@/features/contests/utils/contest-content';

/**
 * Every public page, prerendered at build time into its own HTML file with these head tags.
 * One entry per path and language: the Tamil entries (under /ta/, same paths after it) take
 * their title and description from the Tamil catalog (ids `page:<path>:title` and
 * `page:<path>:description`, src/locales/ta.po).
 */
export type PageLang = Lang;

export type PublicPage = {
  path: string;
  lang: PageLang;
  /** The page's own name; the document title adds the site's name after it. */
  title: string;
  description: string;
  /** Pages about the season's three levels carry their schema.org Event data too. */
  describesLevels?: boolean;
};

export const SITE_NAME = 'Kids Talent Competition Chennai';

/** Which locale each language's pages declare (html lang, og:locale). */
export const LOCALES: Record<PageLang, { htmlLang: string; ogLocale: string }> = {
  en: { htmlLang: 'en-IN', ogLocale: 'en_IN' },
  ta: { htmlLang: 'ta-IN', ogLocale: 'ta_IN' },
};

const [level1] = LEVELS;

const page = (path: string, title: string, description: string, extra: Partial<PublicPage> = {}): PublicPage => ({
  path,
  lang: 'en',
  title,
  description,
  ...extra,
});

const ENGLISH_PAGES: readonly PublicPage[] = [
  page(
    '/',
    SITE_NAME,
    `Dance, singing, drawing, yoga and more: talent contests for children in ${SEASON.city}. ` +
      `Level 1 runs ${level1?.date ?? 'this spring'}, online or at a centre near you. Register in a minute, even offline.`,
    { describesLevels: true },
  ),
  page('/about', 'About us', 'Who runs the Kids Talent Competition in Chennai, how children are judged, and the sponsors who make it possible.'),
  page(
    '/registration',
    'Register',
    'Register your child or your institute for the Kids Talent Competition. Pick one contest or several; the form works even without a connection.',
  ),
  page('/events', 'Events', `The ${SEASON.year} season: three levels from April to December, plus in-person baby contests in Chennai.`, {
    describesLevels: true,
  }),
  page('/contact', 'Contact us', 'Questions about a contest, a workshop or a registration? Call, write or visit our office in T. Nagar, Chennai.'),
  page('/judgereg', 'Become our teacher', 'Dancers, singers, artists, storytellers and trainers: apply to judge and teach at the Kids Talent Competition.'),
  page('/workshops', `Summer Workshops ${SEASON.year}`, 'Two-month summer workshops for children in dance, music, art and public speaking, taught by working artists.'),
  page('/learn-arts', 'Learn the Arts', 'Weekly classes for children, from watercolour and folk art to violin, veena and theatre.'),
  page('/webinars', 'Career Guidance Webinar', 'A free evening for students and parents: what comes after 10th, after 12th and during graduation for creative children.'),
  page('/community', 'Join our community', 'Meet other parents, teachers and young performers: groups, volunteering and events around the competition.'),
  page('/terms', 'Terms & Conditions', 'The rules of the Kids Talent Competition: entries, judging, fees, refunds, photographs and conduct.'),
  page('/privacy', 'Privacy Policy', 'What we collect when you register a child, why, how long we keep it, and how to have it removed.'),
  page(
    '/find-my-registration',
    'Find my registration',
    'Lost the confirmation email? Enter your reference code and the email or phone you registered with, and we email your private link again.',
  ),
  page('/faq', 'FAQ', 'Answers to the questions parents ask most: ages, categories, fees, venues, results and registering offline.'),
  page(
    '/contest/category',
    'Contest Categories',
    'Twelve ways to shine: dance, singing, drawing, costume, storytelling, reading, colouring, handwriting, yoga, art & craft and two baby contests.',
    { describesLevels: true },
  ),
  ...CATEGORIES.map((category) => {
    const contest = CONTESTS[category.slug];
    return page(category.path, contest.title, `${contest.tagline} ${contest.cardTagline} A contest for children in ${SEASON.city}.`);
  }),
];

/**
 * The same page in Tamil. Its title and description are read from the active catalog when they
 * are used: the prerender and the browser activate the page's language first (ADR 015).
 */
function tamil(entry: PublicPage): PublicPage {
  const base = entry.path;
  return {
    ...entry,
    path: localizePath(base, 'ta'),
    lang: 'ta',
    get title() {
      return i18n._(`page:${base}:title`, { year: SEASON.year });
    },
    get description() {
      return i18n._(`page:${base}:description`, { year: SEASON.year });
    },
  };
}

export const PUBLIC_PAGES: readonly PublicPage[] = [...ENGLISH_PAGES, ...ENGLISH_PAGES.map(tamil)];

/** Every language's version of a page (hreflang alternates), English first. */
export function alternatesOf(path: string): { lang: Lang; path: string }[] {
  const base = basePath(path);
  return LANGS.filter((lang) => byPath.has(localizePath(base, lang))).map((lang) => ({ lang, path: localizePath(base, lang) }));
}

/** Old addresses that still work: the server answers them with a permanent redirect. */
export const PAGE_ALIASES: Readonly<Record<string, string>> = {
  // The original site registered /contest/Art (docs/product.md, "Categories": both links work; /contest/art is canonical).
  '/contest/Art': '/contest/art',
  '/ta/contest/Art': '/ta/contest/art',
  // The Tamil home page is /ta/ (a directory, like the English /).
  '/ta': '/ta/',
};

/** Private pages: rendered in the browser from the app shell, never prerendered, never indexed. */
export const CLIENT_RENDERED_PREFIXES: readonly string[] = ['/admin', '/saved', '/venue', '/my', '/ta/saved', '/ta/venue', '/ta/my'];

/**
 * Private pages whose frame is prerendered (issue 49): a family opening its link from an email
 * sees the site's header, footer and the page's own "loading" state at once, as on a public page,
 * instead of an empty shell until the script has run. Each is the page's route rendered for a
 * placeholder address (its loading state, with nothing private in it); the server sends the file
 * for every address under `prefix`, the browser hydrates it (ADR 012), and the shell's inline
 * script draws the registration's summary as soon as it arrives (early-registration.ts).
 */
export type ShellPage = { prefix: string; path: string; lang: Lang; readonly title: string };

const PLACEHOLDER_TOKEN = '_'.repeat(43);

export const SHELL_PAGES: readonly ShellPage[] = (['en', 'ta'] as const).map((lang) => ({
  prefix: localizePath('/my/', lang),
  path: localizePath(`/my/${PLACEHOLDER_TOKEN}`, lang),
  lang,
  // Read from the active catalog when used: the prerender activates the page's language first.
  get title() {
    return `${i18n._('family.title')} · ${lang === 'en' ? SITE_NAME : i18n._('site.name')}`;
  },
}));

export const NOT_FOUND_PAGE: PublicPage = page('/404', 'Page not found', 'This page is not here. Find the contests, registration and more from the home page.');
/** The not-found page in each language: an unknown /ta/... path gets the Tamil one. */
export const NOT_FOUND_PAGES: Record<Lang, PublicPage> = { en: NOT_FOUND_PAGE, ta: tamil(NOT_FOUND_PAGE) };

const byPath = new Map(PUBLIC_PAGES.map((entry) => [entry.path, entry]));

/** The page a pathname shows (following aliases), or undefined for a private or unknown path. */
export function publicPageFor(pathname: string): PublicPage | undefined {
  return byPath.get(PAGE_ALIASES[pathname] ?? pathname);
}

export function documentTitle(entry: PublicPage): string {
  return basePath(entry.path) === '/' ? entry.title : `${entry.title} · ${entry.lang === 'en' ? SITE_NAME : i18n._('site.name')}`;
}
