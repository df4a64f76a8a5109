import { CATEGORIES } from '@domain/categories';
import { LEVELS, SEASON } from '@/config/season';
import { CONTESTS } from '@/features/contests/utils/contest-content';

/**
 * Every public page, prerendered at build time into its own HTML file with these head tags.
 * One entry per path and language: Tamil (under /ta/, same paths after it) adds its own entries
 * with `lang: 'ta'` and nothing else here changes.
 */
export type PageLang = 'en';

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
};

const [level1] = LEVELS;

const page = (path: string, title: string, description: string, extra: Partial<PublicPage> = {}): PublicPage => ({
  path,
  lang: 'en',
  title,
  description,
  ...extra,
});

export const PUBLIC_PAGES: readonly PublicPage[] = [
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

/** Old addresses that still work: the server answers them with a permanent redirect. */
export const PAGE_ALIASES: Readonly<Record<string, string>> = {
  // The original site registered /contest/Art (docs/product.md, "Categories": both links work; /contest/art is canonical).
  '/contest/Art': '/contest/art',
};

/** Private pages: rendered in the browser from the app shell, never prerendered, never indexed. */
export const CLIENT_RENDERED_PREFIXES: readonly string[] = ['/admin', '/saved', '/venue', '/my'];

export const NOT_FOUND_PAGE: PublicPage = page('/404', 'Page not found', 'This page is not here. Find the contests, registration and more from the home page.');

const byPath = new Map(PUBLIC_PAGES.map((entry) => [entry.path, entry]));

/** The page a pathname shows (following aliases), or undefined for a private or unknown path. */
export function publicPageFor(pathname: string): PublicPage | undefined {
  return byPath.get(PAGE_ALIASES[pathname] ?? pathname);
}

export function documentTitle(entry: PublicPage): string {
  return entry.title === SITE_NAME ? SITE_NAME : `${entry.title} · ${SITE_NAME}`;
}
