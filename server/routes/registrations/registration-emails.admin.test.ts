import { describe, expect, it } from 'vitest';
import { useFamilyHarness } from '../../../tests/setup/family-harness';
import { childRegistration, recordFromBeforeConsent } from '../../../tests/setup/registration-fixtures';
import { familyLinkIn, tokenOf } from '../../../tests/setup/smtp-test-server';
import { json, TEST_ORIGIN } from '../../../tests/setup/test-app';
import { testDatabaseKinds } from '../../../tests/setup/test-database';
import { signIn } from '../auth/sign-in-for-tests';

type Detail = {
  registration: { id: string };
  emails: { status: string; reason: string; template: string; lastError: string | null; sentTo: string | null; attempts: number }[];
  consent: { guardianName: string; noticeVersion: string; channel: string } | null;
  consentNeeded: { noticeVersion: string } | null;
};

describe.each(testDatabaseKinds())('email status and resend for admins on %s', (kind) => {
  const h = useFamilyHarness(kind, {
    refuse: (address) => (address.startsWith('bounce') ? { code: 550, message: '5.1.1 <bounce@example.org>: Recipient address rejected' } : null),
  });
  const admin = (path: string, init: RequestInit = {}) => h.admin(path, init);
  const detail = async (id: string) => {
    const response = await admin(`/api/registrations/${id}`);
    expect(response.status).toBe(200);
    return (await response.json()) as Detail;
  };

  it('shows the confirmation queued, then sent, and the consent record', async () => {
    const input = childRegistration({ consentChannel: 'web' });
    await h.t.request('/api/registrations', json(input));
    const queued = await detail(input.id);
    expect(queued.emails).toEqual([expect.objectContaining({ status: 'queued', template: 'confirmation', reason: 'registered', attempts: 0 })]);
    expect(queued.consent).toMatchObject({ guardianName: 'Lakshmi Raman', channel: 'web' });
    expect(queued.consentNeeded).toBeNull();

    await h.sendMail();
    expect((await detail(input.id)).emails).toEqual([expect.objectContaining({ status: 'sent', sentTo: input.email, lastError: null })]);
  });

  it('shows a refused address as failed, with the reason', async () => {
    const input = childRegistration({ email: 'bounce@example.org' });
    await h.t.request('/api/registrations', json(input));
    await h.sendMail();
    const [email] = (await detail(input.id)).emails;
    expect(email).toMatchObject({ status: 'failed', sentTo: null });
    expect(email?.lastError).toMatch(/550 5\.1\.1 <bounce@example\.org>: Recipient address rejected/);
  });

  it('shows that an old device record still needs consent', async () => {
    const old = recordFromBeforeConsent();
    await h.t.request('/api/registrations/batch', json({ registrations: [old] }));
    const body = await detail(old.id);
    expect(body.consent).toBeNull();
    expect(body.consentNeeded).toEqual({ noticeVersion: expect.any(String) });
  });

  it('resends the confirmation with a new link, leaves the old one working (issue 44), and logs who did it', async () => {
    const { input, token } = await h.register();
    const response = await admin(`/api/registrations/${input.id}/resend-confirmation`, { method: 'POST' });
    expect(response.status).toBe(202);
    expect((await response.json()).email).toMatchObject({ status: 'queued', reason: 'admin-resend', template: 'confirmation' });
    expect(await h.sendMail()).toBe(1);

    const resent = h.lastMailAbout(input.referenceCode);
    expect(resent.parsed.subject).toBe(`Registration confirmed: ${input.referenceCode}`);
    const newToken = tokenOf(familyLinkIn(resent));
    expect((await h.family(newToken, '/registration')).status).toBe(200);
    // Every link we sent keeps working until the data is erased or the family turns older ones off.
    expect((await h.family(token, '/registration')).status).toBe(200);
    expect((await detail(input.id)).emails.map((e) => [e.reason, e.status])).toEqual([
      ['admin-resend', 'sent'],
      ['registered', 'sent'],
    ]);
    const audit = (await (await admin('/api/audit?kind=change')).json()).items.filter((e: { entityId: string }) => e.entityId === input.id);
    expect(audit[0]).toMatchObject({ action: 'registration.resend_confirmation', actor: 'admin', adminUsername: 'test-admin' });
  });

  it('answers 404 for an unknown or malformed id, 401 without a session, 403 from another site', async () => {
    expect((await admin('/api/registrations/00000000-0000-4000-8000-00000000abcd/resend-confirmation', { method: 'POST' })).status).toBe(404);
    expect((await admin('/api/registrations/nope/resend-confirmation', { method: 'POST' })).status).toBe(404);
    const input = childRegistration();
    await h.t.request('/api/registrations', json(input));
    expect((await h.t.request(`/api/registrations/${input.id}/resend-confirmation`, { method: 'POST' })).status).toBe(401);
    const cookie = await signIn(h.t);
    const crossSite = await h.t.app.request(`${TEST_ORIGIN}/api/registrations/${input.id}/resend-confirmation`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: 'https://evil.example', Host: 'localhost', 'X-Requested-With': 'fetch' },
    });
    expect(crossSite.status).toBe(403);
  });
});
