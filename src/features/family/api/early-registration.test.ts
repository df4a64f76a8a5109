// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyRegistrationScript, takeEarlyRegistration } from './early-registration';

const TOKEN = 'A'.repeat(21) + '_-' + 'b'.repeat(20);
const CHUNKS = ['/assets/family-page-abc.js', '/assets/shell-def.js'];
const runInlineScript = () => new Function(earlyRegistrationScript(CHUNKS))();

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.querySelectorAll('link[rel="modulepreload"]').forEach((link) => link.remove());
  takeEarlyRegistration('');
  window.history.replaceState(null, '', '/');
});

describe('the app shell’s early request on a private link', () => {
  it('asks for the registration with the token as a bearer credential and preloads the page’s chunks, once', async () => {
    const answer = new Response('{}', { status: 200 });
    const fetchMock = vi.fn(async () => answer);
    vi.stubGlobal('fetch', fetchMock);
    window.history.replaceState(null, '', `/ta/my/${TOKEN}`);
    runInlineScript();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/family/registration');
    expect(init.headers).toEqual({ Authorization: `Bearer ${TOKEN}`, 'X-Requested-With': 'fetch' });
    expect([...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'))).toEqual(CHUNKS);

    // Another link's page does not take it; the right one takes it once.
    expect(takeEarlyRegistration('C'.repeat(43))).toBeNull();
    runInlineScript();
    expect(await takeEarlyRegistration(TOKEN)).toBe(answer);
    expect(takeEarlyRegistration(TOKEN)).toBeNull();
  });

  it('does nothing on any other page of the app shell', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    for (const path of ['/admin/registrations', '/my/too-short', `/my/${TOKEN}/more`, '/ta/saved']) {
      window.history.replaceState(null, '', path);
      runInlineScript();
    }
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
  });
});
