// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { i18n } from '@lingui/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { rubricFor } from '@domain/judging';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { resetOutbox } from '@/lib/outbox/testing';
import { LiveSessionPage } from './live-session-page';

const SESSION = '2027-l1-dance-6-8-velachery';
const rubric = rubricFor('dance');
const criteria = rubric.kind === 'scores' ? rubric.criteria : [];

/** The session as the server sends it to a judge on its panel: performer 2 went over time, 3 did not perform. */
const download = {
  session: { id: SESSION, levelId: 'level1', title: 'Dance (6-8 years), Level 1', venue: 'Partner school, Velachery', date: '2027-04-20', startTime: '10:00', category: 'dance', ageBand: '6-8', judging: 'panel' },
  criteria,
  panelSize: 3,
  state: 'scoring',
  performers: [
    { number: 1, status: 'in-order', overTime: false },
    { number: 2, status: 'in-order', overTime: true },
    { number: 3, status: 'did-not-perform', overTime: false },
  ],
  sheets: [],
};

function renderPage(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/judge/live/:sessionId" element={<LiveSessionPage />} />
        <Route path="/ta/judge/live/:sessionId" element={<LiveSessionPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const signIn = () => localStorage.setItem('ktc-judge-session', JSON.stringify({ username: 'judge-anu', role: 'judge', expiresAt: '2099-01-01T00:00:00.000Z' }));

/** Scores the sheet on screen with the keyboard (every criterion 7) and saves it. */
async function scoreAndSave(user: ReturnType<typeof userEvent.setup>, save: string) {
  screen.getAllByRole('radio')[0]!.focus();
  for (let i = 0; i < criteria.length; i++) await user.keyboard('7');
  await user.click(screen.getByRole('button', { name: save }));
}

beforeEach(() => {
  // The session downloads; anything else finds the tablet offline, so sheets wait in the outbox.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      if (url.pathname === `/api/judge/live/${SESSION}`) return new Response(JSON.stringify(download), { status: 200, headers: { 'Content-Type': 'application/json' } });
      throw new TypeError('Failed to fetch');
    }),
  );
});

afterEach(async () => {
  cleanup();
  queryClient.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
  await resetOutbox();
  i18n.activate('en');
});

describe('the live tablet in Tamil (/ta/judge/live/…)', () => {
  beforeEach(() => i18n.activate('ta'));

  it('asks a judge who is not signed in to sign in at the Tamil judges’ page first', () => {
    renderPage(`/ta/judge/live/${SESSION}`);
    expect(screen.getByRole('heading', { name: 'போட்டி அரங்கில் மதிப்பீடு' })).toBeTruthy();
    expect(screen.getByText(/^முதலில், டேப்லெட்டில் இணையம் இருக்கும்போதே நடுவராக உள்நுழையுங்கள்\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'நடுவர் உள்நுழைவு' }).getAttribute('href')).toBe('/ta/judge');
  });

  it('shows the session and running order in Tamil, and counts the sheets waiting with the right plural', async () => {
    signIn();
    const user = userEvent.setup();
    renderPage(`/ta/judge/live/${SESSION}`);
    expect(await screen.findByRole('heading', { name: 'நடனம் (6-8 வயது), நிலை 1' })).toBeTruthy();
    expect(screen.getByText(/^கூட்டாளர் பள்ளி, வேளச்சேரி · 20 ஏப்ரல்,? 2027 · 10:00 · இந்த டேப்லெட்டில் சேமிக்கப்பட்டது \(.+\): இணையம் இல்லாமலும் வேலை செய்யும்$/)).toBeTruthy();
    const order = screen.getByRole('region', { name: 'நிகழ்ச்சி வரிசை' });
    expect(within(order).getByRole('button', { name: 'பங்கேற்பாளர் 1 மதிப்பிடப்படவில்லை' })).toBeTruthy();
    expect(within(order).getByRole('button', { name: 'பங்கேற்பாளர் 2 (நேரம் மீறியது) மதிப்பிடப்படவில்லை' })).toBeTruthy();
    expect((within(order).getByRole('button', { name: 'பங்கேற்பாளர் 3 பங்கேற்கவில்லை' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(order).getByRole('button', { name: /^பங்கேற்பாளர் 1 / }));
    expect(screen.getByRole('heading', { name: 'பங்கேற்பாளர் 1' })).toBeTruthy();
    expect(screen.getByText('நடனப் போட்டி (Dance Challenge) · வயது 6–8', { exact: false })).toBeTruthy();
    expect(screen.getByRole('button', { name: '← நிகழ்ச்சி வரிசை (2 பேரில் 0 பேருக்கு மதிப்பெண்)' })).toBeTruthy();
    expect(screen.getByLabelText(/^குறிப்பு/)).toBeTruthy();
    await scoreAndSave(user, 'சேமித்து அடுத்தது');

    // The next performer opens, with staff's over-time mark; the first sheet waits on the tablet.
    expect(await screen.findByText('பங்கேற்பாளர் 1இன் தாள் சேமிக்கப்பட்டது.')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'பங்கேற்பாளர் 2' })).toBeTruthy();
    expect(screen.getByText('இந்த நிகழ்ச்சி நேர வரம்பைத் தாண்டியதாகப் பணியாளர்கள் குறித்துள்ளனர்.')).toBeTruthy();
    expect(await screen.findByText('1 மதிப்பெண் தாள் இந்த டேப்லெட்டில் சேமிக்கப்பட்டு, அனுப்பக் காத்திருக்கிறது.')).toBeTruthy();
    await scoreAndSave(user, 'சேமித்து அடுத்தது');

    // The last one: the running order again, both scored and waiting to be sent.
    expect(await screen.findByText('பங்கேற்பாளர் 2இன் தாள் சேமிக்கப்பட்டது. எல்லாப் பங்கேற்பாளர்களுக்கும் தாள் உள்ளது.')).toBeTruthy();
    expect(await screen.findByText('2 மதிப்பெண் தாள்கள் இந்த டேப்லெட்டில் சேமிக்கப்பட்டு, அனுப்பக் காத்திருக்கின்றன.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'பங்கேற்பாளர் 1 மதிப்பிடப்பட்டது, அனுப்பக் காத்திருக்கிறது' })).toBeTruthy();
  });

  it('steps back from a performer after the Tamil dialog, and says so in the running order', async () => {
    signIn();
    const user = userEvent.setup();
    renderPage(`/ta/judge/live/${SESSION}?performer=1`);
    await user.click(await screen.findByRole('button', { name: 'இந்தப் பங்கேற்பாளரை எனக்குத் தெரியும்' }));
    const dialog = screen.getByRole('dialog', { name: 'பங்கேற்பாளர் 1இடமிருந்து விலகவா?' });
    expect(within(dialog).getByRole('button', { name: 'தொடர்ந்து மதிப்பிடு' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'இந்தப் பங்கேற்பாளரை எனக்குத் தெரியும்' }));
    expect(await screen.findByText('பங்கேற்பாளர் 1இடமிருந்து விலகிவிட்டீர்கள்: குழுவின் மற்ற நடுவர்களின் மதிப்பெண்கள் கணக்கில் வரும்.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^← நிகழ்ச்சி வரிசை/ }));
    expect(await screen.findByRole('button', { name: 'பங்கேற்பாளர் 1 விலகினீர்கள்' })).toBeTruthy();
  });
});

describe('the live tablet in English (/judge/live/…)', () => {
  it('counts one waiting sheet in the singular', async () => {
    signIn();
    const user = userEvent.setup();
    renderPage(`/judge/live/${SESSION}?performer=1`);
    expect(await screen.findByRole('heading', { name: 'Performer 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '← Running order (0 of 2 scored)' })).toBeTruthy();
    await scoreAndSave(user, 'Save and next');
    expect(await screen.findByText('1 sheet saved on this tablet, waiting to be sent.')).toBeTruthy();
    expect(screen.getByText('Performer 1 saved.')).toBeTruthy();
  });
});
