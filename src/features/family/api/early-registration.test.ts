// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyRegistrationScript, takeEarlyRegistration } from './early-registration';

const TOKEN = 'A'.repeat(21) + '_-' + 'b'.repeat(20);
const runInlineScript = () => new Function(earlyRegistrationScript())();

afterEach(() => {
  vi.unstubAllGlobals();
  takeEarlyRegistration('');
  window.history.replaceState(null, '', '/');
});

describe('the app shell’s early request on a private link', () => {
  it('asks for the registration with the token as a bearer credential, once', async () => {
    const answer = new Response('{}', { status: 200 });
    const fetchMock = vi.fn(async () => answer);
    vi.stubGlobal('fetch', fetchMock);
    window.history.replaceState(null, '', `/ta/my/${TOKEN}`);
    runInlineScript();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/family/registration');
    expect(init.headers).toEqual({ Authorization: `Bearer ${TOKEN}`, 'X-Requested-With': 'fetch' });

    // Another link's page does not take it; the right one takes it once.
    expect(takeEarlyRegistration('C'.repeat(43))).toBeNull();
    runInlineScript();
    expect(await takeEarlyRegistration(TOKEN)).toBe(answer);
    expect(takeEarlyRegistration(TOKEN)).toBeNull();
  });

  it('draws the summary into the prerendered page’s slot, in the slot’s words, with the answer’s values as text', async () => {
    document.body.innerHTML = `<a class="language-switch" href="/my/${'_'.repeat(43)}">English</a><h1>உங்கள் பதிவு</h1><div data-early-summary="" data-code="குறியீடு" data-status="நிலை:" data-registered="பதிவானது"
      data-cancelled="ரத்து" data-cancelled-by-you="நீங்கள் ரத்து செய்தீர்கள்" data-show-code="இந்தக் குறியீட்டைக் காட்டுங்கள்" data-qr-alt="{code} இன் QR"><p role="status">ஏற்றுகிறது…</p></div>`;
    const body = { registration: { referenceCode: 'KTC<b>7F3K9QX2', status: 'cancelled', cancelledBy: 'family' }, qrCode: 'data:image/png;base64,AAAA' };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status: 200 })));
    window.history.replaceState(null, '', `/ta/my/${TOKEN}`);
    runInlineScript();
    await vi.waitFor(() => expect(document.querySelector('.family-summary')).not.toBeNull());

    const slot = document.querySelector('[data-early-summary]')!;
    expect(slot.querySelector('[role="status"]')).toBeNull();
    expect(slot.querySelector('.family-summary__code')?.textContent).toBe('குறியீடு KTC<b>7F3K9QX2');
    expect(slot.querySelector('.family-summary__code strong')?.textContent).toBe('KTC<b>7F3K9QX2');
    expect(slot.querySelector('b')).toBeNull();
    expect(slot.querySelector('.family-status--cancelled')?.textContent).toBe('நீங்கள் ரத்து செய்தீர்கள்');
    const qr = slot.querySelector('img')!;
    expect([qr.getAttribute('src'), qr.alt, qr.width, qr.height]).toEqual(['data:image/png;base64,AAAA', 'KTC<b>7F3K9QX2 இன் QR', 160, 160]);
    expect(document.querySelector('.language-switch')?.getAttribute('href')).toBe(`/my/${TOKEN}`);
    // The page still takes the same answer, its body unread.
    expect(await (await takeEarlyRegistration(TOKEN))!.json()).toEqual(body);
    document.body.innerHTML = '';
  });

  it('leaves the slot as it is when the link is refused: the page says why', async () => {
    document.body.innerHTML = '<div data-early-summary=""><p role="status">Loading…</p></div>';
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"error":{"code":"gone","message":"Expired."}}', { status: 410 })));
    window.history.replaceState(null, '', `/my/${TOKEN}`);
    runInlineScript();
    const answer = await takeEarlyRegistration(TOKEN)!;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(answer.status).toBe(410);
    expect(document.body.innerHTML).toBe('<div data-early-summary=""><p role="status">Loading…</p></div>');
    document.body.innerHTML = '';
  });

  it('does nothing on any other page', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    for (const path of ['/admin/registrations', '/my/too-short', `/my/${TOKEN}/more`, '/ta/saved']) {
      window.history.replaceState(null, '', path);
      runInlineScript();
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
