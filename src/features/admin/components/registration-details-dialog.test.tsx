// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../testing/fake-api';
import { renderAdmin } from '../testing/render-admin';
import { registration } from '../testing/registration';
import { RegistrationDetailsDialog } from './registration-details-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = '0b6f1c6e-6a55-4c0e-9d65-2f3e0d1a7c11';

const detail = {
  registration: registration({
    id: ID,
    email: 'nobody@example.org',
    categories: ['dance'],
    createdAt: '2027-01-01T10:00:00.000Z',
    updatedAt: '2027-01-01T10:00:00.000Z',
    cancelledAt: '2027-01-02T10:00:00.000Z',
    cancelledBy: 'family',
  }),
  emails: [
    {
      id: 'e1',
      template: 'confirmation',
      reason: 'registered',
      status: 'failed',
      attempts: 1,
      lastError: '550 No such user',
      sentTo: null,
      sentAt: null,
      nextAttemptAt: null,
      createdAt: '2027-01-01T10:00:00.000Z',
    },
  ],
  consent: {
    guardianName: 'Meena Raman',
    noticeVersion: '2027-1',
    language: 'en',
    channel: 'field-staff',
    consentedAt: '2027-01-01T09:59:00.000Z',
    recordedAt: '2027-01-01T10:00:00.000Z',
  },
  consentNeeded: null,
  erasureRequests: [],
};

describe('a registration’s details', () => {
  it('shows a failed email with the mail server’s reason, the consent record and the family’s cancellation; Resend queues it again', async () => {
    const { calls } = fakeApi({
      [`GET /api/registrations/${ID}`]: () => json(detail),
      [`POST /api/registrations/${ID}/resend-confirmation`]: () => json({ email: { ...detail.emails[0], id: 'e2', status: 'queued', reason: 'admin-resend' } }, 202),
    });
    renderAdmin(<RegistrationDetailsDialog id={ID} label="Asha Raman" onClose={() => {}} />, '/admin/registrations');
    expect(await screen.findByText('Failed')).toBeTruthy();
    expect(screen.getByText(/Reason: 550 No such user/)).toBeTruthy();
    expect(screen.getByText(/consented to privacy notice version 2027-1 \(English, through field staff\)/)).toBeTruthy();
    expect(screen.getByText('Cancelled by the family')).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend confirmation' }));
    expect(await screen.findByText(/Confirmation queued/)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url.pathname)).toEqual([`/api/registrations/${ID}/resend-confirmation`]);
    // CSRF: the admin's write carries the header a cross-site form cannot send.
    expect(calls.find((call) => call.method === 'POST')?.headers.get('X-Requested-With')).toBe('fetch');
  });
});
