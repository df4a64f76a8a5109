// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { storedRegistration } from '../../../../tests/setup/registration-fixtures';
import { FamilyPage } from './family-page';

const TOKEN = 'a'.repeat(43);

const registration = {
  ...storedRegistration(),
  language: 'en',
  cancelledAt: null,
  cancelledBy: null,
  status: 'registered',
};

function answer(overrides: Record<string, unknown> = {}) {
  return {
    registration,
    qrCode: 'data:image/png;base64,iVBORw0KGgo=',
    consent: null,
    consentNeeded: null,
    corrections: { open: true, closesAt: '2027-04-16T18:30:00.000Z', closedMessage: null },
    link: { expiresAt: '2028-06-27T18:30:00.000Z' },
    erasureRequest: null,
    ...overrides,
  };
}

type Call = { method: string; path: string; headers: Headers; body: unknown };

/** The server, faked per 'METHOD /path'; every call is recorded with its headers. */
function fakeServer(routes: Record<string, (body: unknown) => { status: number; body: unknown }>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      const url = new URL(request.url);
      const text = init.body ? String(init.body) : await request.text();
      const body = text ? JSON.parse(text) : undefined;
      calls.push({ method: request.method, path: url.pathname + url.search, headers: new Headers(init.headers ?? request.headers), body });
      const handler = routes[`${request.method} ${url.pathname}`];
      const reply = handler ? handler(body) : { status: 404, body: { error: { code: 'not_found', message: 'nothing here' } } };
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

function renderPage(token = TOKEN) {
  return render(
    <MemoryRouter initialEntries={[`/my/${token}`]}>
      <Routes>
        <Route path="/my/:token" element={<FamilyPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('the family page', () => {
  it('sends the token only as a bearer header, and shows the code, the QR code, every field and the status', async () => {
    const calls = fakeServer({
      'GET /api/family/registration': () => ({ status: 200, body: answer() }),
      'GET /api/family/entries': () => ({ status: 200, body: { contests: [] } }),
      'GET /api/family/results': () => ({ status: 200, body: { results: [], resultsName: 'initial', certificates: [], places: [], sessionResults: [] } }),
    });
    renderPage();
    expect(await screen.findByText('KTC-7F3K-9QX2')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'QR code of the reference code KTC-7F3K-9QX2' })).toBeTruthy();
    expect(screen.getByText('Registered')).toBeTruthy();
    // The fields come with the page's other sections, in a chunk of their own (issue 49): the
    // first test loads (and transforms) that chunk, which takes more than a second on a busy machine.
    expect(await screen.findByText('Dance Challenge', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByText('8 years')).toBeTruthy();
    // The registration, the entries of its contests and its published results: each once, each with the token as a bearer header only.
    await waitFor(() => expect(calls.map((call) => call.path).sort()).toEqual(['/api/family/entries', '/api/family/registration', '/api/family/results']));
    // Nothing is published yet: no results section.
    expect(screen.queryByRole('heading', { name: 'Results' })).toBeNull();
    for (const call of calls) expect(call.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
  });

  it('shows a published result with the judges’ words, and the semi-final invitation on the child’s path, accepted once', async () => {
    const result = {
      levelId: 'level1',
      category: 'dance',
      ageBand: '6-8',
      final: 91.25,
      place: 2,
      pool: 40,
      qualifies: true,
      nextLevel: 'invited',
      notes: ['Your face told the whole song.'],
      strongest: ['expression', 'presence'],
    };
    const place = {
      registrationId: registration.id,
      levelId: 'level2',
      category: 'dance',
      ageBand: '6-8',
      rank: 2,
      state: 'invited',
      sessionId: '2027-l2-dance-6-8',
      slot: 2,
      invitedAt: '2027-05-01T06:00:00.000Z',
      answerBy: '2027-05-08T06:00:00.000Z',
      answeredAt: null,
    };
    const calls = fakeServer({
      'GET /api/family/registration': () => ({ status: 200, body: answer() }),
      'GET /api/family/entries': () => ({ status: 200, body: { contests: [] } }),
      'GET /api/family/results': () => ({ status: 200, body: { results: [result], resultsName: 'initial', certificates: [], places: [place], sessionResults: [] } }),
      'POST /api/family/results/places': () => ({ status: 200, body: { ...place, state: 'accepted', answeredAt: '2027-05-02T06:00:00.000Z' } }),
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Results' })).toBeTruthy();
    expect(screen.getByText('Dance Challenge: 91.25 out of 100, place 2 of 40')).toBeTruthy();
    expect(screen.getByText('Through to the semi-finals!')).toBeTruthy();
    expect(screen.getByText('Strongest: expression and stage presence')).toBeTruthy();
    expect(screen.getByText('Your face told the whole song.')).toBeTruthy();
    const path = screen.getByRole('region', { name: 'Your child’s path through the season' });
    expect(path.textContent).toContain('Semi-final invitation');
    expect(path.textContent).toContain('Dance (6-8 years), Semi-final');
    expect(path.textContent).toContain('9:08');
    fireEvent.click(screen.getByRole('button', { name: 'Accept the place' }));
    expect(await screen.findByText(/accepted/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept the place' })).toBeNull();
    const accept = calls.find((call) => call.path === '/api/family/results/places');
    expect(accept?.body).toEqual({ levelId: 'level2', category: 'dance', answer: 'accept' });
    expect(accept?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
  });

  it('on a stale correction (409) loads the current details and says the changes were not saved', async () => {
    const current = { ...registration, city: 'Avadi', version: 2 };
    const calls = fakeServer({
      'GET /api/family/registration': () => ({ status: 200, body: answer() }),
      'PUT /api/family/registration': () => ({
        status: 409,
        body: { error: { code: 'conflict', message: 'This registration changed after you opened it.', current } },
      }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Correct details' }));
    // The form comes in a chunk of its own (issue 49).
    const city = (await screen.findByLabelText('City')) as HTMLInputElement;
    await user.clear(city);
    await user.type(city, 'Tambaram');
    await user.click(screen.getByRole('button', { name: 'Save corrections' }));
    expect(await screen.findByText(/Your changes were not saved/)).toBeTruthy();
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Avadi');
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({ city: 'Tambaram', version: 1, type: 'participant', categories: ['dance'] });

    // Saving again sends the version it was shown.
    await user.click(screen.getByRole('button', { name: 'Save corrections' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toMatchObject({ city: 'Avadi', version: 2 }));
  });

  it('checks a correction with the shared rules before sending it', async () => {
    const calls = fakeServer({ 'GET /api/family/registration': () => ({ status: 200, body: answer() }) });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Correct details' }));
    await user.clear(await screen.findByLabelText(/^Age/));
    await user.type(screen.getByLabelText(/^Age/), '30');
    await user.click(screen.getByRole('button', { name: 'Save corrections' }));
    expect(await screen.findByText('Age must be between 1 and 17 years.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('is read-only after the cut-off, with the server’s reason', async () => {
    fakeServer({
      'GET /api/family/registration': () => ({
        status: 200,
        body: answer({ corrections: { open: false, closesAt: '2027-04-16T18:30:00.000Z', closedMessage: 'Corrections closed on 17 April 2027.' } }),
      }),
    });
    renderPage();
    expect(await screen.findByText('Corrections closed on 17 April 2027.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Correct details' })).toBeNull();
    // Cancelling stays open after the cut-off.
    expect(screen.getByRole('button', { name: 'Cancel registration…' })).toBeTruthy();
  });

  it.each([
    [
      'cancels',
      {
        route: 'POST /api/family/registration/cancel',
        answer: { registration: { ...registration, status: 'cancelled', cancelledBy: 'family', cancelledAt: '2027-03-02T04:30:00.000Z' } },
        words: { open: 'Cancel registration…', dialog: 'Cancel this registration?', keep: 'Keep it', confirm: 'Yes, cancel it' },
        done: 'Cancelled by you',
      },
    ],
    [
      'turns off every older link',
      {
        route: 'POST /api/family/registration/links/turn-off-others',
        answer: { turnedOff: 2 },
        words: { open: 'Turn off every older link', dialog: 'Turn off every older link?', keep: 'No, keep them', confirm: 'Yes, turn them off' },
        done: '2 older links were turned off. Only this one works now.',
      },
    ],
  ])('%s only after the confirmation step, and says so', async (_action, { route, answer: body, words, done }) => {
    const calls = fakeServer({
      'GET /api/family/registration': () => ({ status: 200, body: answer() }),
      [route]: () => ({ status: 200, body }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: words.open }));
    const dialog = screen.getByRole('dialog', { name: words.dialog });
    await user.click(within(dialog).getByRole('button', { name: words.keep }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: words.open }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: words.confirm }));
    expect(await screen.findByText(done)).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
  });

  it('asks for consent to the new notice when the server says it is needed', async () => {
    const calls = fakeServer({
      'GET /api/family/registration': () => ({ status: 200, body: answer({ consentNeeded: { noticeVersion: '2027-1' } }) }),
      'POST /api/family/registration/consent': () => ({
        status: 201,
        body: {
          consent: { guardianName: 'Meena', noticeVersion: '2027-1', language: 'en', channel: 'web', consentedAt: '2027-03-02T04:30:00.000Z', recordedAt: '2027-03-02T04:30:00.000Z' },
          consentNeeded: null,
        },
      }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Give consent' }));
    expect(await screen.findByText('Enter the name of the parent or guardian giving consent.')).toBeTruthy();
    await user.type(screen.getByLabelText('Parent or guardian’s name'), 'Meena');
    await user.click(screen.getByRole('checkbox', { name: /privacy notice/ }));
    await user.click(screen.getByRole('button', { name: 'Give consent' }));
    expect(await screen.findByText(/Meena gave consent to version 2027-1/)).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ guardianName: 'Meena', privacyConsent: true, privacyNoticeVersion: '2027-1' });
  });

  it('explains an expired link and a forged one, with the way to a new link', async () => {
    fakeServer({
      'GET /api/family/registration': () => ({ status: 410, body: { error: { code: 'gone', message: 'This link expired when the Kids Talent Competition 2027’s personal data was erased.' } } }),
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'This link no longer works' })).toBeTruthy();
    expect(screen.getByText('This link expired when the Kids Talent Competition 2027’s personal data was erased.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find my registration' }).getAttribute('href')).toBe('/find-my-registration');
    cleanup();

    const calls = fakeServer({});
    renderPage('not-a-token');
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeTruthy();
    // A malformed token is never sent anywhere.
    expect(calls).toHaveLength(0);
  });
});
