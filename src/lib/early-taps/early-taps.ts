/**
 * Taps before the script (ADR 031). A prerendered page shows its buttons long before React is
 * live (on slow mobile data, seconds before). What works without the script stays native: links,
 * the FAQ's `<details>`, text fields, and the registration form, which the browser posts to the
 * server. A tap on any other button is kept here, in order, and given to the button once the page
 * is live (`replayEarlyTaps`, called by the app once hydrated), so the menu or a level box opens
 * late but never does nothing.
 *
 * A form that posts to the server is sent from here until the page is live, with a record id made
 * here: the same form sent twice (a second tap, or again by the page once live) is stored once.
 * Stored, the browser goes to the server's confirmation with the code. If the page is still here
 * once it is live (the server found something to correct and answered 204, or there was no
 * connection), the form sends itself again (`takeEarlySubmit`): saved on the device, or showing
 * what needs attention. With no script at all, the browser posts the form itself.
 *
 * `captureEarlyTaps` is written into each page's `<head>` as an inline script (its text, through
 * `Function.prototype.toString`, hashed into the CSP by the build): it must stay self-contained,
 * referring to nothing outside its own body.
 */
export function captureEarlyTaps(): void {
  const root = document.documentElement;
  const early: { taps: HTMLButtonElement[]; form: HTMLFormElement | null; sending: boolean } = { taps: [], form: null, sending: false };
  (window as unknown as { __early?: typeof early }).__early = early;
  const live = () => root.hasAttribute('data-hydrated');
  const newId = (): string => {
    if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
    const b = crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6]! & 15) | 64;
    b[8] = (b[8]! & 63) | 128;
    const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };
  document.addEventListener(
    'click',
    (event) => {
      if (live()) return;
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (!button || !button.closest('#root')) return;
      // A form that posts to the server is sent by the submit listener below.
      if (button.type === 'submit' && button.form?.getAttribute('method') === 'post') return;
      event.preventDefault();
      early.taps.push(button);
      button.setAttribute('data-early-tap', '');
    },
    true,
  );
  // A form sent before the page is live goes by fetch rather than by navigating: starting a
  // navigation would stop the page's own script from loading, and a form the server sends back
  // (204: something to correct) would leave a page that never becomes live.
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (live() || !(form instanceof HTMLFormElement) || form.getAttribute('method') !== 'post') return;
      event.preventDefault();
      const id = form.elements.namedItem('id');
      if (id instanceof HTMLInputElement && !id.value) id.value = newId();
      early.form = form;
      if (early.sending) return;
      early.sending = true;
      fetch(form.action, { method: 'POST', body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>), credentials: 'same-origin' })
        .then((response) => {
          if (response.redirected && response.ok) {
            // Stored: the confirmation with the code.
            early.form = null;
            window.location.assign(response.url);
          } else if (response.status !== 204) {
            // Refused (another site, too many at once, a different form with this id): the server's page says why.
            early.form = null;
            form.submit();
          }
        })
        // No connection: once live, the page keeps the form on the device and sends it later.
        .catch(() => undefined)
        .finally(() => {
          early.sending = false;
        });
    },
    true,
  );
}

type Early = { taps: HTMLButtonElement[]; form: HTMLFormElement | null; sending: boolean };

const early = (): Early | undefined => (window as unknown as { __early?: Early }).__early;

/** Once the page is live: each button tapped before gets its tap, in order. Returns how many. */
export function replayEarlyTaps(): number {
  let replayed = 0;
  for (const button of early()?.taps.splice(0) ?? []) {
    button.removeAttribute('data-early-tap');
    if (!button.isConnected || button.disabled) continue;
    button.click();
    replayed += 1;
  }
  return replayed;
}

/**
 * True once for a form the browser sent before the page was live and that is still on the page
 * (the server answered 204: something to correct): the form then sends itself again, with the
 * same id, once it has read what was typed.
 */
export function takeEarlySubmit(form: HTMLFormElement): boolean {
  const state = early();
  if (!state || state.form !== form) return false;
  state.form = null;
  return true;
}

/** The inline script's text, as the prerender writes it into every page. */
export function earlyTapsScript(): string {
  return `(${captureEarlyTaps.toString()})();`;
}
