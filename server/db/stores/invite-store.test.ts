import { describe, expect, it } from 'vitest';
import { IN_SEASON, useFamilyHarness } from '../../../tests/setup/family-harness';
import { approvedApplication, JUDGE_PASSWORD } from '../../../tests/setup/judging-fixtures';
import { json } from '../../../tests/setup/test-app';
import { testDatabaseKinds } from '../../../tests/setup/test-database';
import { INVITE_HOURS } from './invite-store';

const HOUR = 3_600_000;

describe.each(testDatabaseKinds())('a judge’s invitation by the server’s clock on %s', (kind) => {
  const h = useFamilyHarness(kind);

  /** Invites an approved applicant at `sentAt` (the server's clock when the email goes) and returns the link's token. */
  async function invitationSentAt(sentAt: Date, email: string): Promise<string> {
    const id = await approvedApplication(h, { name: `Judge ${email}`, email, expertise: 'Drawing Artist' });
    h.clock.now = sentAt;
    expect((await h.admin(`/api/judges/${id}/invite`, { method: 'POST' })).status).toBe(200);
    expect(await h.sendMail()).toBe(1);
    const mail = h.smtp.received.filter((m) => m.to.includes(email)).at(-1);
    const token = /\/judge\/welcome#([A-Za-z0-9_-]{43})/.exec(mail?.parsed.text ?? '')?.[1];
    if (!token) throw new Error('the invitation email holds no link');
    return token;
  }
  const accept = (token: string) => h.t.request('/api/auth/invite', json({ token, password: JUDGE_PASSWORD }));

  it(`works for ${INVITE_HOURS} hours from its email: accepted at 47 h 59 min, refused at 48 h 00 min 01 s`, async () => {
    const early = await invitationSentAt(IN_SEASON, 'early.judge@example.org');
    const late = await invitationSentAt(IN_SEASON, 'late.judge@example.org');

    h.clock.now = new Date(IN_SEASON.getTime() + 47 * HOUR + 59 * 60_000);
    expect((await accept(early)).status).toBe(200);

    h.clock.now = new Date(IN_SEASON.getTime() + 48 * HOUR + 1000);
    const refused = await accept(late);
    expect(refused.status).toBe(410);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('gone');
  });
});

