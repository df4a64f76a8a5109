/** The season overview is the first page after sign-in. */
const DEFAULT_PAGE = '/admin';

/** Only our own admin pages are valid places to return to after sign-in (no open redirect). */
export function safeNextPath(next: string | null): string {
  if (!next || !next.startsWith('/admin/') || next.startsWith('/admin/login') || next.startsWith('/admin/second-factor') || next.includes('//')) {
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
