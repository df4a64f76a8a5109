import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useFamilyHarness } from '../../../tests/setup/family-harness';
import { realImage } from '../../../tests/setup/photos';
import { json } from '../../../tests/setup/test-app';
import { testDatabaseKinds } from '../../../tests/setup/test-database';


type Application = {
  id: string;
  name: string;
  email: string | null;
  status: string;
  note: string | null;
  decisionEmail: { status: string; sentTo: string | null } | null;
};

describe.each(testDatabaseKinds())('judge application review on %s', (kind) => {
  const h = useFamilyHarness(kind);
  const admin = (path: string, init: RequestInit = {}) => h.admin(path, init);

  async function apply(fields: { name: string; email?: string; expertise?: string; photo?: boolean }): Promise<string> {
    const id = randomUUID();
    const form = new FormData();
    form.set('id', id);
    form.set('name', fields.name);
    if (fields.email) form.set('email', fields.email);
    form.set('expertise', fields.expertise ?? 'Classical Dancer');
    form.set('experience', '8');
    form.set('bio', 'I have taught Bharatanatyam to children for eight years.');
    if (fields.photo) form.set('photo', new Blob([await realImage('jpeg')], { type: 'image/jpeg' }), 'me.jpg');
    const response = await h.t.request('/api/judges', { method: 'POST', body: form });
    expect(response.status).toBe(201);
    return id;
  }

  async function auditOf(id: string) {
    const body = (await (await admin('/api/audit')).json()) as { items: { action: string; entityId: string | null; changes: unknown; adminUsername: string; kind: string }[] };
    return body.items.filter((item) => item.entityId === id);
  }

  it('starts as new; shortlisting and a note are audited and send nothing', async () => {
    const id = await apply({ name: 'Meera Krishnan', email: 'meera@example.org' });
    const list = (await (await admin('/api/judges')).json()) as { items: Application[] };
    expect(list.items.find((item) => item.id === id)).toMatchObject({ status: 'new', note: null, email: 'meera@example.org', decisionEmail: null });

    const response = await admin(`/api/judges/${id}`, json({ status: 'shortlisted', note: 'Strong bio; call her.' }, 'PATCH'));
    expect(response.status).toBe(200);
    const { application, email } = (await response.json()) as { application: Application; email: unknown };
    expect(application).toMatchObject({ status: 'shortlisted', note: 'Strong bio; call her.' });
    expect(email).toBeNull();
    expect(await h.sendMail()).toBe(0);
    const entries = await auditOf(id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'judge.review', kind: 'change', adminUsername: 'test-admin', changes: { status: { from: 'new', to: 'shortlisted' }, note: 'changed' } });
  });

  it('approving emails the applicant once, through the outbox, and lists the judge on the panel', async () => {
    const id = await apply({ name: 'Arun Prakash', email: 'arun@example.org', expertise: 'Yoga Trainer' });
    const response = await admin(`/api/judges/${id}`, json({ status: 'approved' }, 'PATCH'));
    expect(response.status).toBe(200);
    expect(((await response.json()) as { email: { status: string } }).email.status).toBe('queued');
    // Saving again with the same status queues nothing more.
    await admin(`/api/judges/${id}`, json({ status: 'approved', note: 'Confirmed by phone' }, 'PATCH'));
    expect(await h.sendMail()).toBe(1);
    const mail = h.smtp.received.at(-1);
    expect(mail?.parsed.to && 'text' in mail.parsed.to ? mail.parsed.to.text : '').toContain('arun@example.org');
    expect(mail?.parsed.subject).toContain('judging panel');
    expect(mail?.parsed.text).toContain('Arun Prakash');
    expect(mail?.parsed.text).toContain('approved');

    const list = (await (await admin('/api/judges?status=approved')).json()) as { items: Application[] };
    expect(list.items.map((item) => item.id)).toEqual([id]);
    expect(list.items[0]?.decisionEmail).toMatchObject({ status: 'sent', sentTo: 'arun@example.org' });

    const panel = (await (await admin('/api/judges/panel')).json()) as { judges: { name: string; expertise: string }[]; categories: { category: string; judges: number }[] };
    expect(panel.judges).toEqual([expect.objectContaining({ name: 'Arun Prakash', expertise: 'Yoga Trainer' })]);
    expect(panel.categories.find((c) => c.category === 'yoga')?.judges).toBe(1);
    expect(panel.categories.find((c) => c.category === 'dance')?.judges).toBe(0);

    const entries = await auditOf(id);
    expect(entries.map((e) => e.changes)).toEqual([{ note: 'changed' }, { status: { from: 'new', to: 'approved' }, email: 'queued' }]);
  });

  it('rejecting emails the applicant the answer; without an address the audit says so', async () => {
    const id = await apply({ name: 'Kavya Raman', email: 'kavya@example.org' });
    await admin(`/api/judges/${id}`, json({ status: 'rejected' }, 'PATCH'));
    expect(await h.sendMail()).toBe(1);
    const mail = h.smtp.received.at(-1);
    expect(mail?.parsed.text).toContain('cannot offer you a place');

    const silent = await apply({ name: 'No Address' });
    const response = await admin(`/api/judges/${silent}`, json({ status: 'rejected' }, 'PATCH'));
    expect(((await response.json()) as { email: unknown }).email).toBeNull();
    expect(await h.sendMail()).toBe(0);
    expect((await auditOf(silent))[0]?.changes).toEqual({ status: { from: 'new', to: 'rejected' }, email: 'none: no address' });
  });

  it('refuses an unknown status, an empty change and an unknown id', async () => {
    const id = await apply({ name: 'Ravi Shankar', email: 'ravi@example.org' });
    expect((await admin(`/api/judges/${id}`, json({ status: 'hired' }, 'PATCH'))).status).toBe(422);
    expect((await admin(`/api/judges/${id}`, json({}, 'PATCH'))).status).toBe(422);
    expect((await admin(`/api/judges/${randomUUID()}`, json({ status: 'approved' }, 'PATCH'))).status).toBe(404);
    expect((await h.t.request(`/api/judges/${id}`, json({ status: 'approved' }, 'PATCH'))).status).toBe(401);
  });

  it('writes read-audit entries for the list and for a photo view', async () => {
    const id = await apply({ name: 'Photo Judge', email: 'photo@example.org', photo: true });
    expect((await admin(`/api/judges/${id}/photo`)).status).toBe(200);
    await admin('/api/judges?status=new');
    const reads = (await (await admin('/api/audit?kind=read')).json()) as { items: { action: string; entityId: string | null; changes: unknown; kind: string; ip: string | null }[] };
    expect(reads.items.every((item) => item.kind === 'read')).toBe(true);
    expect(reads.items.find((item) => item.action === 'read.judge.photo')).toMatchObject({ entityId: id });
    expect(reads.items.find((item) => item.action === 'read.judges.list')?.changes).toMatchObject({ filters: { status: 'new' } });
    const changes = (await (await admin('/api/audit?kind=change')).json()) as { items: { kind: string }[] };
    expect(changes.items.every((item) => item.kind === 'change')).toBe(true);
  });
});
