/** The season overview is the first page after sign-in. */
const DEFAULT_PAGE = '/admin';

/** Only our own admin pages are valid places to return to after sign-in (no open redirect). */
export function safeNextPath(next: string | null): string {
  if (!next || !next.startsWith('/admin/') || next.startsWith('/admin/login') || next.includes('//')) {
    return DEFAULT_PAGE;
  }
  return next;
}

export function loginPath(next: string): string {
  return `/admin/login?next=${encodeURIComponent(next)}`;
}
