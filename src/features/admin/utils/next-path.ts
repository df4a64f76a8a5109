/** The season overview is the first page after sign-in. */
const DEFAULT_PAGE = '/admin';

/** Venue mode and the judges' pages send their accounts' second step here too (ADR 033), and get them back. */
const SIGNED_IN_AREAS = ['/admin/', '/venue', '/ta/venue', '/judge', '/ta/judge'];

/** Only our own signed-in pages are valid places to return to after sign-in (no open redirect). */
export function safeNextPath(next: string | null): string {
  const ours = next !== null && SIGNED_IN_AREAS.some((area) => next.startsWith(area));
  if (!next || !ours || next.startsWith('/admin/login') || next.startsWith('/admin/second-factor') || next.includes('//')) {
    return DEFAULT_PAGE;
  }
  return next;
}

export function loginPath(next: string): string {
  return `/admin/login?next=${encodeURIComponent(next)}`;
}

/** The second step of signing in (ADR 033), then back to `next`. */
export function secondFactorPath(next: string): string {
  return `/admin/second-factor?next=${encodeURIComponent(next)}`;
}
