// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTACT } from '@/config/season';
import { fakeApi, json } from '../testing/fake-api';
import { currentLocation, renderAdmin } from '../testing/render-admin';
import { LoginPage, MIN_SIGNING_IN_MS } from './login-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const signedOut = () => json({ error: { code: 'unauthorized', message: 'Sign in.' } }, 401);

async function fillIn(user: ReturnType<typeof userEvent.setup>, password = 'correct horse battery') {
  await user.type(screen.getByLabelText('Username'), 'priya');
  await user.type(screen.getByLabelText('Password'), password);
}

describe('admin login page', () => {
  it('signs in, keeps "Signing in..." up for a moment, and returns to the page asked for', async () => {
    const api = fakeApi({
      'GET /api/auth/me': signedOut,
      'POST /api/auth/login': () => json({ admin: { username: 'priya' }, secondFactor: 'done' }),
    });
    const user = userEvent.setup();
    renderAdmin(<LoginPage />, '/admin/login?next=%2Fadmin%2Fjudges', '/admin/login');
    await fillIn(user);
    await user.click(screen.getByLabelText('Remember me for 30 days'));
    const started = Date.now();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(screen.getByRole('button', { name: 'Signing in...' })).toHaveProperty('disabled', true);
    await waitFor(() => expect(currentLocation).toBe('/admin/judges'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(MIN_SIGNING_IN_MS - 20);

    const login = api.calls.find((call) => call.method === 'POST');
    expect(login?.body).toEqual({ username: 'priya', password: 'correct horse battery', remember: true });
    expect(login?.headers.get('X-Requested-With')).toBe('fetch');
  });

  it('takes an admin whose password was right to the second step, then on to the page asked for (ADR 033)', async () => {
    fakeApi({
      'GET /api/auth/me': signedOut,
      'POST /api/auth/login': () => json({ admin: { username: 'priya' }, secondFactor: 'verify' }),
    });
    const user = userEvent.setup();
    renderAdmin(<LoginPage />, '/admin/login?next=%2Fadmin%2Fjudges', '/admin/login');
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(currentLocation).toBe('/admin/second-factor?next=%2Fadmin%2Fjudges'));
  });

  it('says when the username or password is wrong, and lets the admin try again', async () => {
    fakeApi({
      'GET /api/auth/me': signedOut,
      'POST /api/auth/login': () => json({ error: { code: 'unauthorized', message: 'no' } }, 401),
    });
    const user = userEvent.setup();
    renderAdmin(<LoginPage />, '/admin/login', '/admin/login');
    await fillIn(user, 'wrong password!');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong username or password.');
    expect(screen.getByRole('button', { name: 'Sign In' })).toHaveProperty('disabled', false);
    expect(currentLocation).toBe('/admin/login');
  });

  it('after too many failures says how long to wait (Retry-After)', async () => {
    fakeApi({
      'GET /api/auth/me': signedOut,
      'POST /api/auth/login': () =>
        json({ error: { code: 'too_many_requests', message: 'slow down' } }, 429, { 'Retry-After': '840' }),
    });
    const user = userEvent.setup();
    renderAdmin(<LoginPage />, '/admin/login', '/admin/login');
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many failed sign-in attempts. Try again in 14 minutes.',
    );
  });

  it('tells the admin whom to contact for a forgotten password', async () => {
    fakeApi({ 'GET /api/auth/me': signedOut });
    const user = userEvent.setup();
    renderAdmin(<LoginPage />, '/admin/login', '/admin/login');
    await user.click(screen.getByRole('button', { name: 'Forgot password' }));
    expect(screen.getByRole('link', { name: CONTACT.supportEmail }).getAttribute('href')).toBe(`mailto:${CONTACT.supportEmail}`);
    await user.click(screen.getByRole('button', { name: 'Contact administrator' }));
    expect(screen.getByRole('link', { name: CONTACT.phone }).getAttribute('href')).toBe(CONTACT.phoneHref);
  });

  it('sends an admin who is already signed in straight on', async () => {
    fakeApi({ 'GET /api/auth/me': () => json({ admin: { username: 'priya' }, secondFactor: 'done' }) });
    renderAdmin(<LoginPage />, '/admin/login?next=%2Fadmin%2Faudit', '/admin/login');
    await waitFor(() => expect(currentLocation).toBe('/admin/audit'));
  });
});
