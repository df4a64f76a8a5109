// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminRegistration, RegistrationPage } from '../api/get-registrations';
import { fakeApi, json } from '../testing/fake-api';
import { currentLocation, giveElementsASize, renderAdmin } from '../testing/render-admin';
import { registration } from '../testing/registration';
import { CONFLICT_ERROR, DELETE_ERROR, FETCH_ERROR, UPDATE_ERROR } from '../utils/registration-messages';
import { RegistrationsPage } from './registrations-page';

let restoreLayout: () => void;
beforeEach(() => {
  restoreLayout = giveElementsASize();
});
afterEach(() => {
  cleanup();
  restoreLayout();
  vi.unstubAllGlobals();
});

const baby = registration({
  id: '7c1e2d3f-1111-4c0e-9d65-2f3e0d1a7c22',
  referenceCode: 'KTC-BABY-0001',
  name: 'Bala Kumar',
  age: 7,
  ageUnit: 'months',
  categories: ['crawling'],
  possibleDuplicate: true,
  venueFee: null,
  ageOutsideBand: false,
});

function page(items: AdminRegistration[], total = items.length, filtered = items.length): RegistrationPage {
  return { items, total, filtered, nextCursor: null };
}

const REGISTRATIONS = '/admin/registrations';

const serverError = (status: number) => json({ error: { code: 'internal_error', message: 'x' } }, status);

/** The page with Asha's one row; the server answers `routes` besides the list. */
function renderAshaRow(routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ 'GET /api/registrations': () => json(page([registration()])), ...routes });
  const user = userEvent.setup();
  renderAdmin(<RegistrationsPage />, REGISTRATIONS);
  return { api, user };
}

describe('registrations table', () => {
  it('shows the rows with the server counts, ages with units, admin category names and duplicates', async () => {
    fakeApi({ 'GET /api/registrations': () => json(page([registration(), baby], 250, 2)) });
    renderAdmin(<RegistrationsPage />, REGISTRATIONS);
    expect(screen.getByText('Loading registrations...')).toBeTruthy();
    expect(await screen.findByText('Showing 2 of 250 registrations')).toBeTruthy();

    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent?.replace(/[▲▼↕]/g, ''));
    expect(headers).toEqual(['Name', 'Code', 'Age', 'Email', 'Phone', 'City', 'Institute', 'Categories', 'Cash fee', 'Actions']);
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');

    const babyRow = screen.getByText('Bala Kumar').closest('tr') as HTMLElement;
    expect(within(babyRow).getByText('7 mo')).toBeTruthy();
    expect(within(babyRow).getByText('KTC-BABY-0001')).toBeTruthy();
    expect(within(babyRow).getByText('Duplicate?')).toBeTruthy();
    expect(within(babyRow).getByText('Crawling (5-9 months)')).toBeTruthy();
    const ashaRow = screen.getByText('Asha Raman').closest('tr') as HTMLElement;
    expect(within(ashaRow).getByText('7 y')).toBeTruthy();
    expect(within(ashaRow).queryByText('Duplicate?')).toBeNull();
  });

  it('on failure says so and Retry loads again', async () => {
    let fail = true;
    fakeApi({
      'GET /api/registrations': () => (fail ? serverError(503) : json(page([registration()]))),
    });
    renderAdmin(<RegistrationsPage />, REGISTRATIONS);
    expect(await screen.findByText(FETCH_ERROR, {}, { timeout: 8_000 })).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Asha Raman')).toBeTruthy();
  }, 15_000);

  it('says when nothing matches', async () => {
    fakeApi({ 'GET /api/registrations': () => json(page([], 40, 0)) });
    renderAdmin(<RegistrationsPage />, '/admin/registrations?q=zzz');
    expect(await screen.findByText('No registrations found matching your criteria.')).toBeTruthy();
    expect((screen.getByLabelText('Search registrations') as HTMLInputElement).value).toBe('zzz');
  });

  it('sorting, filtering and searching go into the URL and to the server', async () => {
    const { api, user } = renderAshaRow({
      'GET /api/registrations/cities': () => json({ cities: ['Chennai', 'Tambaram'] }),
    });
    await screen.findByText('Asha Raman');

    await user.click(screen.getByRole('button', { name: /^Name/ }));
    expect(currentLocation).toBe('/admin/registrations?sort=name&dir=desc');
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');
    await user.click(screen.getByRole('button', { name: /^City/ }));
    expect(currentLocation).toBe('/admin/registrations?sort=city&dir=asc');

    // The filters are in view beside the search, no menu to open first.
    const city = screen.getByLabelText('City');
    await user.selectOptions(city, await screen.findByRole('option', { name: 'Tambaram' }));
    expect(currentLocation).toContain('city=Tambaram');
    // The button that folds the filters on a phone counts them.
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeTruthy();
    await user.selectOptions(city, 'Any');
    expect(currentLocation).not.toContain('city=');
    await user.selectOptions(screen.getByLabelText('Category'), 'Yoga Competition');
    await user.click(screen.getByLabelText('Possible duplicates only'));
    expect(currentLocation).toContain('duplicates=1');
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear All Filters' }));
    expect(screen.getByRole('button', { name: 'Filters' })).toBeTruthy();
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('');

    await user.type(screen.getByLabelText('Search registrations'), 'KTC-7F3K');
    await waitFor(() => expect(currentLocation).toContain('q=KTC-7F3K'));
    await waitFor(() =>
      expect(api.calls.some((call) => call.url.pathname === '/api/registrations' && call.url.searchParams.get('q') === 'KTC-7F3K')).toBe(true),
    );
    // Debounced: no request for the half-typed terms.
    expect(api.calls.filter((call) => call.url.searchParams.get('q') === 'KTC-7')).toHaveLength(0);
  });

  it('/ jumps into the search box from anywhere but a field, and is not typed there', async () => {
    const { user } = renderAshaRow();
    const edit = await screen.findByRole('button', { name: 'Edit Asha Raman' });
    const search = screen.getByLabelText('Search registrations') as HTMLInputElement;
    expect(search.getAttribute('aria-keyshortcuts')).toBe('/');
    expect(screen.getByText(/to search$/).textContent).toBe('Press / to search');

    edit.focus();
    await user.keyboard('/');
    expect(document.activeElement).toBe(search);
    expect(search.value).toBe('');

    // In a field a slash is text: the editor's Name keeps the focus and gets the slash.
    await user.click(edit);
    const name = screen.getByLabelText('Name') as HTMLInputElement;
    expect(document.activeElement).toBe(name);
    await user.keyboard('/');
    expect(document.activeElement).toBe(name);
    expect(name.value).toBe('Asha Raman/');
  });

  it('edits a row: the shared schema checks it, the version is sent, and the saved row flashes', async () => {
    const { api, user } = renderAshaRow({
      'PUT /api/registrations/0b6f1c6e-6a55-4c0e-9d65-2f3e0d1a7c11': ({ body }) =>
        json({ registration: registration({ ...(body as object), categories: ['dance'], ageUnit: 'years', version: 2 }) }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Asha Raman' }));

    const email = screen.getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/email/i);
    expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await user.clear(email);
    await user.type(email, 'new@example.org');
    await user.clear(screen.getByLabelText(/^Age/));
    await user.type(screen.getByLabelText(/^Age/), '8');
    await user.click(screen.getByRole('button', { name: /chosen/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Crawling (5-9 months)' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save' })).toBeNull());
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({ email: 'new@example.org', age: 8, categories: ['dance'], version: 1 });
    const row = screen.getByText('new@example.org').closest('tr') as HTMLElement;
    expect(row.dataset.saved).toBe('true');
  });

  it('keyboard focus moves into the editor and back to Edit when it closes', async () => {
    const { user } = renderAshaRow();
    await user.click(await screen.findByRole('button', { name: 'Edit Asha Raman' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Asha Raman' }));
  });

  it('a stale edit shows the conflict and can load their version', async () => {
    const theirs = registration({ name: 'Asha R.', version: 3 });
    const { user } = renderAshaRow({
      'PUT /api/registrations/0b6f1c6e-6a55-4c0e-9d65-2f3e0d1a7c11': () =>
        json({ error: { code: 'conflict', message: 'stale', current: theirs } }, 409),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Asha Raman' }));
    // The row's City, not the City filter above the table.
    const table = within(screen.getByRole('region', { name: 'Registrations table' }));
    await user.type(table.getByLabelText('City'), ' South');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain(CONFLICT_ERROR);
    await user.click(screen.getByRole('button', { name: 'Load their version' }));
    expect((table.getByLabelText('Name') as HTMLInputElement).value).toBe('Asha R.');
    expect((table.getByLabelText('City') as HTMLInputElement).value).toBe('Chennai');
  });

  it('other save failures show the update error and keep the inputs', async () => {
    const { user } = renderAshaRow({
      'PUT /api/registrations/0b6f1c6e-6a55-4c0e-9d65-2f3e0d1a7c11': () => serverError(500),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Asha Raman' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain(UPDATE_ERROR);
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('deleting removes the row, and Undo restores it', async () => {
    let deleted = false;
    const api = fakeApi({
      'GET /api/registrations': () => json(deleted ? page([], 0, 0) : page([registration()])),
      'DELETE /api/registrations/0b6f1c6e-6a55-4c0e-9d65-2f3e0d1a7c11': () => {
        deleted = true;
        return json({ registration: registration({ deletedAt: '2026-01-02T00:00:00.000Z' }) });
      },
      'POST /api/registrations/0b6f1c6e-6a55-4c0e-9d65-2f3e0d1a7c11/restore': () => {
        deleted = false;
        return json({ registration: registration() });
      },
    });
    const user = userEvent.setup();
    renderAdmin(<RegistrationsPage />, REGISTRATIONS);
    await user.click(await screen.findByRole('button', { name: 'Delete Asha Raman' }));
    await waitFor(() => expect(screen.queryByText('Asha Raman')).toBeNull());
    expect(screen.getByText('Showing 0 of 0 registrations')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Asha Raman')).toBeTruthy();
    expect(api.calls.map((call) => `${call.method} ${call.url.pathname}`)).toContain(
      'POST /api/registrations/0b6f1c6e-6a55-4c0e-9d65-2f3e0d1a7c11/restore',
    );
    expect(api.calls.filter((call) => call.method !== 'GET').every((call) => call.headers.get('X-Requested-With') === 'fetch')).toBe(true);
  });

  it('the Undo toast goes after 10 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeApi({
      'GET /api/registrations': () => json(page([registration()])),
      'DELETE /api/registrations/0b6f1c6e-6a55-4c0e-9d65-2f3e0d1a7c11': () => json({ registration: registration() }),
    });
    renderAdmin(<RegistrationsPage />, REGISTRATIONS);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Asha Raman' }));
    await screen.findByRole('button', { name: 'Undo' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(9_000);
    });
    expect(screen.getByRole('button', { name: 'Undo' })).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_500);
    });
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    vi.useRealTimers();
  });

  it('a failed delete brings the row back with a message', async () => {
    const { user } = renderAshaRow({
      'DELETE /api/registrations/0b6f1c6e-6a55-4c0e-9d65-2f3e0d1a7c11': () => serverError(500),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Asha Raman' }));
    expect((await screen.findByRole('alert')).textContent).toContain(DELETE_ERROR);
    const row = screen.getByText('Asha Raman').closest('tr') as HTMLElement;
    expect(row.className).not.toContain('admin-row--leaving');
  });

  it('Export CSV links to the export with the current filters', async () => {
    fakeApi({ 'GET /api/registrations': () => json(page([registration()])) });
    renderAdmin(<RegistrationsPage />, '/admin/registrations?q=asha&city=Chennai');
    const link = await screen.findByRole('link', { name: 'Export CSV' });
    const url = new URL(link.getAttribute('href') ?? '', 'http://localhost');
    expect(url.pathname).toBe('/api/registrations/export.csv');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ q: 'asha', city: 'Chennai' });
  });
});
