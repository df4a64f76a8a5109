// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { earlyTapsScript, replayEarlyTaps, takeEarlySubmit } from './early-taps';

/** Runs the script exactly as the pages carry it: its text alone, with nothing from this module in scope. */
const runInlineScript = () => new Function(earlyTapsScript())();

type Early = { taps: unknown[]; form: unknown; sending: boolean };

describe('taps before the page is live (ADR 031)', () => {
  // Once, as a page runs it: its listeners stay on the document.
  beforeAll(runInlineScript);
  beforeEach(() => {
    Object.assign((window as unknown as { __early: Early }).__early, { taps: [], form: null, sending: false });
    document.documentElement.removeAttribute('data-hydrated');
    document.body.innerHTML = `<div id="root">
      <button id="menu" type="button">Menu</button>
      <form id="form" method="post" action="/registration"><input type="hidden" name="id"><input name="name" value="Asha"><button id="send" type="submit">Register</button></form>
    </div><button id="outside" type="button">Outside</button>`;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the taps on the page’s buttons, in order, and gives them once live', () => {
    const menu = document.getElementById('menu')!;
    menu.click();
    menu.click();
    document.getElementById('outside')!.click();
    expect(menu.hasAttribute('data-early-tap')).toBe(true);
    document.documentElement.setAttribute('data-hydrated', 'true');
    const heard = vi.fn();
    menu.addEventListener('click', heard);
    expect(replayEarlyTaps()).toBe(2);
    expect(heard).toHaveBeenCalledTimes(2);
    expect(menu.hasAttribute('data-early-tap')).toBe(false);
    // Given once: nothing left to give.
    expect(replayEarlyTaps()).toBe(0);
  });

  it('sends a posting form itself with an id made once, and lets the page take it over if it is still there', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    const form = document.getElementById('form') as HTMLFormElement;
    form.requestSubmit(document.getElementById('send') as HTMLButtonElement);
    const id = (form.elements.namedItem('id') as HTMLInputElement).value;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/registration$/);
    expect(String(init.body)).toContain(`id=${id}`);
    expect(String(init.body)).toContain('name=Asha');
    // A second tap, once the first answer is in, sends the same id.
    await vi.waitFor(() => expect((window as unknown as { __early: Early }).__early.sending).toBe(false));
    form.requestSubmit();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect((form.elements.namedItem('id') as HTMLInputElement).value).toBe(id);
    // The server answered 204: the page, once live, sends the form itself.
    expect(takeEarlySubmit(form)).toBe(true);
    expect(takeEarlySubmit(form)).toBe(false);
  });

  it('lets everything through once the page is live', () => {
    document.documentElement.setAttribute('data-hydrated', 'true');
    document.getElementById('menu')!.click();
    expect(document.getElementById('menu')!.hasAttribute('data-early-tap')).toBe(false);
    expect(replayEarlyTaps()).toBe(0);
  });
});
