// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../testing/fake-api';
import { currentLocation, renderAdmin } from '../testing/render-admin';
import { AdminLayout } from './admin-layout';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const tree = (
  <Routes>
    <Route element={<AdminLayout />}>
      <Route path="/admin/judges" element={<h1>Judge applications</h1>} />
    </Route>
  </Routes>
);

describe('admin session guard', () => {
  it('sends a visitor without a session to login, remembering the page', async () => {
    fakeApi({ 'GET /api/auth/me': () => json({ error: { code: 'unauthorized', message: 'x' } }, 401) });
    renderAdmin(tree, '/admin/judges?cursor=abc');
    await waitFor(() => expect(currentLocation).toBe('/admin/login?next=%2Fadmin%2Fjudges%3Fcursor%3Dabc'));
  });

  it('shows the page, the admin navigation and Sign out to a signed-in admin', async () => {
    const api = fakeApi({
      'GET /api/auth/me': () => json({ admin: { username: 'priya' }, secondFactor: 'done' }),
      'POST /api/auth/logout': () => json({ ok: true }),
    });
    renderAdmin(tree, '/admin/judges');
    expect(await screen.findByRole('heading', { name: 'Judge applications' })).toBeTruthy();
    // A compact header of its own (no public site header): the name, "Admin", the nav, Sign out.
    const header = screen.getByRole('banner');
    expect(header.textContent).toContain('Kids Talent Competition');
    expect(header.textContent).toContain('Admin');
    expect(screen.getByRole('main').contains(screen.getByRole('heading', { name: 'Judge applications' }))).toBe(true);
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(header.contains(nav)).toBe(true);
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe('Judge applications');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(currentLocation).toBe('/admin/login'));
    expect(api.calls.find((call) => call.method === 'POST')?.headers.get('X-Requested-With')).toBe('fetch');
  });

  it('stays signed in and says so when the sign-out request fails', async () => {
    fakeApi({
      'GET /api/auth/me': () => json({ admin: { username: 'priya' }, secondFactor: 'done' }),
      'POST /api/auth/logout': () => json({ error: { code: 'internal_error', message: 'x' } }, 500),
    });
    renderAdmin(tree, '/admin/judges');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Could not sign out');
    expect(currentLocation).toBe('/admin/judges');
  });
});
