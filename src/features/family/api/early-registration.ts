import { api, apiHref } from '@/lib/api-client';

/**
 * The private page without its waterfall (issue 49). The page is drawn in the browser from the
 * app shell: its HTML, then the entry script, React DOM and the shell, then the page's own chunk,
 * and only then did it ask for the registration, each step waiting for the one before (some
 * 4 s to the child's registration on slow 4G). The app shell's inline script (this function's
 * text, hashed into the CSP by the build, as the early-taps script is) starts, the moment the
 * HTML is read on a private link's address, the page's chunks (`modulepreload`) and the request
 * for the registration, beside the entry script. The page takes that answer once
 * (`takeEarlyRegistration`). The token goes only in the Authorization header, as everywhere.
 *
 * It must stay self-contained, referring to nothing outside its own body.
 */
export function askForRegistrationEarly(chunks: readonly string[], path: string): void {
  const match = /^\/(?:ta\/)?my\/([A-Za-z0-9_-]{43})$/.exec(window.location.pathname);
  if (!match) return;
  const token = match[1]!;
  for (const href of chunks) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.appendChild(link);
  }
  const answer = fetch(path, { headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'fetch' }, credentials: 'same-origin' });
  // A failure is the page's to show: it asks again itself.
  answer.catch(() => undefined);
  (window as unknown as { __familyEarly?: { token: string; answer: Promise<Response> } }).__familyEarly = { token, answer };
}

/** The answer the shell's script asked for, once, if it was for this token; null otherwise (the page asks itself). */
export function takeEarlyRegistration(token: string): Promise<Response> | null {
  const holder = window as unknown as { __familyEarly?: { token: string; answer: Promise<Response> } };
  const early = holder.__familyEarly;
  delete holder.__familyEarly;
  return early && early.token === token ? early.answer : null;
}

/** The inline script's text, as the prerender writes it into the app shell, with the family page's chunks and the typed client's path. */
export function earlyRegistrationScript(chunks: readonly string[]): string {
  return `(${askForRegistrationEarly.toString()})(${JSON.stringify(chunks)}, ${JSON.stringify(apiHref(api.family.registration.$path()))});`;
}
