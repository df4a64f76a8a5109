// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { PRIVACY_NOTICE } from '@domain/season';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listRecords } from '@/lib/outbox';
import { outboxTable, resetOutbox } from '@/lib/outbox/testing';
import { QueryProvider } from '@/lib/query-client';
import { RegistrationForm } from './registration-form';

beforeEach(() => {
  // No server in this test: every request fails as if offline.
  vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await resetOutbox();
});

function renderForm(category: string | null = null) {
  return render(
    <MemoryRouter>
      <QueryProvider>
        <RegistrationForm initialCategory={category} />
      </QueryProvider>
    </MemoryRouter>,
  );
}

async function fillChild(user: ReturnType<typeof userEvent.setup>, age: string) {
  await user.type(screen.getByLabelText('Name'), 'Asha');
  await user.type(screen.getByLabelText(/^Age/), age);
  await user.type(screen.getByLabelText('Email'), 'parent@example.org');
  await user.type(screen.getByLabelText('Phone'), '98765 43210');
  await user.type(screen.getByLabelText('City'), 'Chennai');
  await user.type(screen.getByLabelText('Parent or guardian’s name'), 'Meena Raman');
  await user.click(screen.getByRole('checkbox', { name: /privacy notice/ }));
}

async function agreeToTerms(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('checkbox', { name: /terms/ }));
}

/** The dance form filled in for a child of 7, terms agreed: ready for "Register child". */
async function danceFormReadyToSend() {
  const user = userEvent.setup();
  renderForm('dance');
  await fillChild(user, '7');
  await agreeToTerms(user);
  return user;
}

describe('registration form', () => {
  it('shows every field its own message and stores nothing when the terms are not agreed', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: /^Register/ }));

    const name = screen.getByLabelText('Name');
    // Validation code loads on idle or on the first submit, so the messages arrive a moment later.
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe("Enter the child's name.");
    expect(screen.getByText('Enter an email address.')).toBeTruthy();
    expect(screen.getByText('Choose at least one contest.')).toBeTruthy();
    expect(screen.getByText('You must agree to the terms and conditions.')).toBeTruthy();
    expect(screen.getByText('Enter the name of the parent or guardian giving consent.')).toBeTruthy();
    expect(screen.getByText('Tick the box to give your consent as the parent or guardian.')).toBeTruthy();
    expect((await listRecords()).length).toBe(0);
  });

  it('saves a valid registration in the outbox with a UUID and a reference code, and says it is saved on the device', async () => {
    const user = await danceFormReadyToSend();
    await user.click(screen.getByRole('button', { name: 'Register child' }));

    expect(await screen.findByText('Registration Successful!')).toBeTruthy();
    const [record] = await listRecords();
    expect(record).toMatchObject({ kind: 'registration', status: 'queued' });
    expect(record?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(record?.kind === 'registration' && record.payload).toMatchObject({
      name: 'Asha',
      age: 7,
      categories: ['dance'],
      agreeTerms: true,
      language: 'en',
      guardianName: 'Meena Raman',
      privacyConsent: true,
      privacyNoticeVersion: PRIVACY_NOTICE.version,
      consentChannel: 'web',
    });
    // When the box was ticked on the device: the consent travels with the queued record.
    const consentedAt = record?.kind === 'registration' ? record.payload.consentedAt : undefined;
    expect(Date.now() - Date.parse(consentedAt ?? '')).toBeLessThan(60_000);
    expect(await screen.findByText(/KTC-[0-9A-Z]{4}-[0-9A-Z]{4}/)).toBeTruthy();
    expect(await screen.findByText('Saved on this device, will be sent automatically.')).toBeTruthy();
  });

  it('asks no parental consent of an institute', async () => {
    const user = userEvent.setup();
    renderForm('yoga');
    await user.click(screen.getByRole('radio', { name: 'Institute' }));
    expect(screen.queryByLabelText('Parent or guardian’s name')).toBeNull();
    await user.type(screen.getByLabelText('Institute name'), 'Sunrise Yoga School');
    await user.type(screen.getByLabelText('Email'), 'office@example.org');
    await user.type(screen.getByLabelText('Phone'), '98765 43210');
    await user.type(screen.getByLabelText('City'), 'Chennai');
    await agreeToTerms(user);
    await user.click(screen.getByRole('button', { name: 'Register institute' }));
    expect(await screen.findByText('Registration Successful!')).toBeTruthy();
    const [record] = await listRecords();
    const payload = record?.kind === 'registration' ? record.payload : null;
    expect(payload).toMatchObject({ type: 'institute', instituteName: 'Sunrise Yoga School' });
    expect(payload && 'guardianName' in payload).toBe(false);
  });

  it('asks for months within the band when a baby contest is chosen', async () => {
    const user = userEvent.setup();
    renderForm('fastest-walking');
    expect(screen.getByLabelText('Age (in months)')).toBeTruthy();
    await fillChild(user, '20');
    await agreeToTerms(user);
    await user.click(screen.getByRole('button', { name: /^Register/ }));
    expect(await screen.findByText('For this contest the age must be between 9 and 15 months.')).toBeTruthy();
    expect((await listRecords()).length).toBe(0);
  });

  it('keeps what was typed and says so when the device cannot save', async () => {
    const user = await danceFormReadyToSend();
    vi.spyOn(outboxTable(), 'add').mockRejectedValueOnce(new Error('QuotaExceededError'));
    await user.click(screen.getByRole('button', { name: 'Register child' }));
    expect(await screen.findByText('Registration failed. Please try again.')).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Asha');
    await waitFor(async () => expect((await listRecords()).length).toBe(0));
  });
});
