import { CATEGORIES } from './categories';
import type { Language } from './languages';

/**
 * Real visitors' page speed, measured in their browsers with `web-vitals` and sent to our own
 * server (docs/decisions/030-first-party-web-vitals.md). A report names a page by its route
 * pattern, never its address: no token, id, query or hash ever leaves the browser. The report's
 * schema is in ./vitals-report.ts, so the page's reporter loads no validation library.
 */
export const METRIC_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type MetricName = (typeof METRIC_NAMES)[number];

/** web.dev's "good" and "poor" boundaries: at most `good` is good, above `poor` is poor. */
export const THRESHOLDS: Record<MetricName, { good: number; poor: number }> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  FCP: { good: 1800, poor: 3000 },
  TTFB: { good: 800, poor: 1800 },
};

export type Rating = 'good' | 'needs-improvement' | 'poor';

export function ratingOf(metric: MetricName, value: number): Rating {
  const { good, poor } = THRESHOLDS[metric];
  if (value <= good) return 'good';
  return value <= poor ? 'needs-improvement' : 'poor';
}

/** Share of page views that report, when the server does not say otherwise (VITALS_SAMPLE_RATE). */
export const DEFAULT_SAMPLE_RATE = 0.5;

/** Staff tools are not measured: their speed is not what families feel. */
const STAFF_PREFIXES = ['/admin', '/judge', '/venue'];

const FIXED_PAGES = [
  '/',
  '/about',
  '/registration',
  '/events',
  '/workshops',
  '/learn-arts',
  '/webinars',
  '/contact',
  '/judgereg',
  '/community',
  '/terms',
  '/privacy',
  '/faq',
  '/contest/category',
  '/find-my-registration',
  '/saved',
] as const;
const CONTEST_PAGES = CATEGORIES.map((category) => category.path);

/** Every page a report may name: the router's public pages, with ids and tokens as patterns. */
export const VITALS_PAGES = [...FIXED_PAGES, ...CONTEST_PAGES, '/contest/:slug', '/my/:token', '/verify/:id', '/other'] as const;
const KNOWN = new Set<string>([...FIXED_PAGES, ...CONTEST_PAGES]);

/**
 * The route pattern of a pathname, in the language-neutral form (`/ta/about` → `/about`), or null
 * for staff pages, which are never measured. A family's link (`/my/<token>`) becomes `/my/:token`,
 * a certificate (`/verify/<id>`) `/verify/:id`, an unknown contest `/contest/:slug` and anything
 * else `/other`. Anything after `?` or `#` is dropped. Applying it twice changes nothing.
 */
export function pagePatternOf(pathname: string): string | null {
  let path = pathname.split(/[?#]/, 1)[0] ?? '';
  if (path === '/ta' || path.startsWith('/ta/')) path = path.slice('/ta'.length);
  path = path.toLowerCase().replace(/\/+$/, '');
  if (path === '') return '/';
  if (!path.startsWith('/')) return '/other';
  if (STAFF_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return null;
  if (KNOWN.has(path)) return path;
  const [, first, second, ...rest] = path.split('/');
  if (second !== undefined && second !== '' && rest.length === 0) {
    if (first === 'my') return '/my/:token';
    if (first === 'verify') return '/verify/:id';
    if (first === 'contest') return '/contest/:slug';
  }
  return '/other';
}

/** The language of a pathname: `/ta/...` is Tamil, everything else English. */
export function languageOfPath(pathname: string): Language {
  return pathname === '/ta' || pathname.startsWith('/ta/') ? 'ta' : 'en';
}

export const NAVIGATION_TYPES = ['navigate', 'reload', 'back-forward', 'back-forward-cache', 'prerender', 'restore'] as const;

/** What the client needs to know before measuring (GET /api/vitals/config). */
export type VitalsConfig = { enabled: boolean; sampleRate: number };

/** The periods the admin overview shows. */
export const VITALS_PERIODS = [7, 28] as const;
export type VitalsPeriod = (typeof VITALS_PERIODS)[number];

/** Rows older than this are deleted (the overview looks back 28 days at most). */
export const VITALS_KEEP_DAYS = 35;
