import { describe, expect, it } from 'vitest';
import { IN_SEASON, useFamilyHarness } from '../../../tests/setup/family-harness';
import { childRegistration } from '../../../tests/setup/registration-fixtures';
import { familyLinkIn, tokenOf } from '../../../tests/setup/smtp-test-server';
import { json } from '../../../tests/setup/test-app';
import { testDatabaseKinds } from '../../../tests/setup/test-database';
import { LOOKUP_LIMITS } from '../../db/stores/family-lookup-store';

describe.each(testDatabaseKinds())('find my registration on %s', (kind) => {
  const h = useFamilyHarness(kind);
  let ip = 0;

  /** Each test asks from its own address (TRUST_PROXY is on) unless it says otherwise. */
  const find = (body: unknown, from = `203.0.113.${++ip}`) =>
    h.t.request('/api/family/find', { ...json(body), headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': from } });

  it('emails a new link when the code and email match; the link of the earlier email keeps working', async () => {
    h.clock.now = IN_SEASON;
    const { input, token: oldToken } = await h.register(childRegistration({ email: 'Meera.Parent@example.org' }));
    const before = h.smtp.received.length;

    const response = await find({ referenceCode: input.referenceCode.toLowerCase().replace(/-/g, ''), contact: ' meera.parent@EXAMPLE.org ' });
    expect(response.status).toBe(202);
    expect(await h.sendMail()).toBe(1);
    expect(h.smtp.received).toHaveLength(before + 1);
    const mail = h.lastMailAbout(input.referenceCode);
    expect(mail.to).toEqual(['Meera.Parent@example.org']);
    expect(mail.parsed.subject).toBe(`Your private link for registration ${input.referenceCode}`);
    expect(mail.parsed.text).toContain('Links we sent you before for this registration keep working.');
    const newToken = tokenOf(familyLinkIn(mail));
    expect(newToken).not.toBe(oldToken);

    expect((await h.family(newToken, '/registration')).status).toBe(200);
    // The parent who opens the confirmation after this email is not turned away.
    expect((await h.family(oldToken, '/registration')).status).toBe(200);
  });

  it('matches the phone however it is written', async () => {
    const { input } = await h.register(childRegistration({ phone: '+91 90000 12345' }));
    expect((await find({ referenceCode: input.referenceCode, contact: '090000-12345' })).status).toBe(202);
    expect(await h.sendMail()).toBe(1);
    expect(h.lastMailAbout(input.referenceCode).parsed.subject).toMatch(/^Your private link/);
  });

  it('answers exactly the same when nothing matches, and sends nothing', async () => {
    const { input } = await h.register();
    const matched = await find({ referenceCode: input.referenceCode, contact: input.email });
    const wrongEmail = await find({ referenceCode: input.referenceCode, contact: 'stranger@example.org' });
    const wrongPhone = await find({ referenceCode: input.referenceCode, contact: '99999 99999' });
    const noSuchCode = await find({ referenceCode: 'KTC-0000-0000', contact: input.email });
    const answers = await Promise.all([matched, wrongEmail, wrongPhone, noSuchCode].map(async (r) => [r.status, await r.text()]));
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]?.[0]).toBe(202);
    expect(await h.sendMail()).toBe(1);
  });

  it('checks what was typed with the shared schema', async () => {
    const response = await find({ referenceCode: 'hello', contact: '' });
    expect(response.status).toBe(422);
    expect(Object.keys((await response.json()).error.fields).sort()).toEqual(['contact', 'referenceCode']);
  });

  it('limits requests per IP, match or not, with Retry-After', async () => {
    const { input } = await h.register();
    const from = '198.51.100.7';
    for (let i = 0; i < LOOKUP_LIMITS.perIp.max; i++) {
      const code = i === 0 ? input.referenceCode : `KTC-0000-000${i}`;
      expect((await find({ referenceCode: code, contact: input.email }, from)).status).toBe(202);
    }
    const limited = await find({ referenceCode: input.referenceCode, contact: input.email }, from);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited.json()).error.code).toBe('too_many_requests');
    // Another address is not held back, and the window passes.
    expect((await find({ referenceCode: 'KTC-1111-1111', contact: input.email }, '198.51.100.8')).status).toBe(202);
    h.clock.now = new Date(IN_SEASON.getTime() + LOOKUP_LIMITS.perIp.windowMs + 1000);
    expect((await find({ referenceCode: 'KTC-2222-2222', contact: input.email }, from)).status).toBe(202);
    h.clock.now = IN_SEASON;
  });

  it('limits requests per reference code and contact from any address, so one family cannot be flooded', async () => {
    h.clock.now = new Date(IN_SEASON.getTime() + 2 * LOOKUP_LIMITS.perCodeAndContact.windowMs);
    const { input } = await h.register();
    await h.sendMail();
    const sentBefore = h.smtp.received.length;
    for (let i = 0; i < LOOKUP_LIMITS.perCodeAndContact.max; i++) {
      expect((await find({ referenceCode: input.referenceCode, contact: input.email })).status).toBe(202);
    }
    expect((await find({ referenceCode: input.referenceCode, contact: input.email })).status).toBe(429);
    // The same contact written another way is the same pair.
    expect((await find({ referenceCode: input.referenceCode, contact: input.email.toUpperCase() })).status).toBe(429);
    await h.sendMail();
    expect(h.smtp.received.length - sentBefore).toBe(LOOKUP_LIMITS.perCodeAndContact.max);
    h.clock.now = IN_SEASON;
  });

  it("a stranger cannot block a family's lookup: wrong guesses spend only their own tries, and a clone of the code is not the family's", async () => {
    h.clock.now = new Date(IN_SEASON.getTime() + 4 * LOOKUP_LIMITS.perCodeAndContact.windowMs);
    const { input } = await h.register(childRegistration({ email: 'bob.parent@example.org' }));
    // A clone with Bob's code and the attacker's address, registered before Bob looks.
    await h.t.request('/api/registrations', json(childRegistration({ referenceCode: input.referenceCode, email: 'mallory@example.org' })));
    await h.sendMail();
    for (let i = 0; i < LOOKUP_LIMITS.perCodeAndContact.max + 2; i++) {
      await find({ referenceCode: input.referenceCode, contact: `guess${i}@example.org` });
    }
    const sentBefore = h.smtp.received.length;
    expect((await find({ referenceCode: input.referenceCode, contact: 'bob.parent@example.org' })).status).toBe(202);
    await h.sendMail();
    const sent = h.smtp.received.slice(sentBefore);
    expect(sent.map((mail) => mail.to).flat()).toEqual(['bob.parent@example.org']);
    h.clock.now = IN_SEASON;
  });
});
