import { api, apiHref } from '@/lib/api-client';

/**
 * The private page without its waterfall (issue 49). The page used to be drawn in the browser from
 * the empty app shell: its HTML, then the entry script, React DOM and the shell, then the page's
 * own chunk, and only then did it ask for the registration, each step waiting for the one before
 * (some 4 s to the child's registration on slow 4G). Now its frame is prerendered (SHELL_PAGES in
 * src/app/head/pages.ts: header, footer, heading and the loading state), and the frame's inline
 * script (this function's text, hashed into the CSP by the build, as the early-taps script is)
 * asks for the registration the moment the HTML is read, and when the answer arrives draws the
 * summary into the page's slot, before React may have run. The page's script loads as a public
 * page's does, after the first paint (ADR 012: no `modulepreload` ahead of it). The page takes that answer once (`takeEarlyRegistration`).
 * The token goes only in the Authorization header, as everywhere.
 *
 * It must stay self-contained, referring to nothing outside its own body.
 */
export function askForRegistrationEarly(path: string): void {
  const match = /^\/(?:ta\/)?my\/([A-Za-z0-9_-]{43})$/.exec(window.location.pathname);
  if (!match) return;
  const token = match[1]!;
  // The prerendered frame was rendered for a placeholder address: its links to this page (the
  // language switch) are made this link's before anyone can tap them. React leaves them so.
  const ownLinks = () => {
    for (const link of document.querySelectorAll('a[href*="/my/_"]')) {
      link.setAttribute('href', (link.getAttribute('href') ?? '').replace(/\/my\/_{43}$/, `/my/${token}`));
    }
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', ownLinks, { once: true });
  else ownLinks();

  const answer = fetch(path, { headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'fetch' }, credentials: 'same-origin' });
  (window as unknown as { __familyEarly?: { token: string; answer: Promise<Response> } }).__familyEarly = { token, answer };

  // The summary (reference code, status, QR code), drawn into the prerendered page's slot the
  // moment the answer arrives, before the page's script may have run. The words are the slot's
  // (the page's language); the answer's values are set as text, never as HTML. The page replaces
  // the slot with the same summary once it has the answer, so nothing moves.
  type Summary = { registration: { referenceCode: string; status: string; cancelledBy: string | null }; qrCode: string };
  const draw = (summary: Summary) => {
    const slot = document.querySelector<HTMLElement>('[data-early-summary]');
    if (!slot) return;
    const words = slot.dataset;
    const r = summary.registration;
    const element = (tag: string, className: string, ...children: (Node | string)[]) => {
      const node = document.createElement(tag);
      if (className) node.className = className;
      node.append(...children);
      return node;
    };
    const status = r.status !== 'cancelled' ? words.registered : r.cancelledBy === 'family' ? words.cancelledByYou : words.cancelled;
    const qr = document.createElement('img');
    qr.className = 'family-summary__qr';
    qr.width = 160;
    qr.height = 160;
    qr.alt = (words.qrAlt ?? '').replace('{code}', r.referenceCode);
    qr.src = summary.qrCode;
    const text = element(
      'div',
      '',
      element('p', 'family-summary__code', `${words.code ?? ''} `, element('strong', '', r.referenceCode)),
      element('p', '', `${words.status ?? ''} `, element('strong', `family-status family-status--${r.status}`, status ?? '')),
      element('p', 'family-muted', words.showCode ?? ''),
    );
    slot.replaceChildren(element('div', 'family-summary', text, qr));
  };
  answer
    .then((response) => (response.ok ? (response.clone().json() as Promise<Summary>) : null))
    .then((summary) => {
      if (!summary) return;
      if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => draw(summary), { once: true });
      else draw(summary);
    })
    // A failure is the page's to show: it asks again itself.
    .catch(() => undefined);
}

/** The answer the shell's script asked for, once, if it was for this token; null otherwise (the page asks itself). */
export function takeEarlyRegistration(token: string): Promise<Response> | null {
  const holder = window as unknown as { __familyEarly?: { token: string; answer: Promise<Response> } };
  const early = holder.__familyEarly;
  delete holder.__familyEarly;
  return early && early.token === token ? early.answer : null;
}

/** The inline script's text, as the prerender writes it into the family page's frame, with the typed client's path. */
export function earlyRegistrationScript(): string {
  return `(${askForRegistrationEarly.toString()})(${JSON.stringify(apiHref(api.family.registration.$path()))});`;
}
