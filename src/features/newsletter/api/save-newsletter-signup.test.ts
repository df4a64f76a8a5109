import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { getRecord, listRecords, onEnqueue } from '@/lib/outbox';
import { resetOutbox } from '@/lib/outbox/testing';
import { saveNewsletterSignup } from './save-newsletter-signup';

afterEach(async () => {
  await resetOutbox();
});

describe('saveNewsletterSignup', () => {
  it('stores the parsed sign-up (not what was typed), wakes the engine once, and answers `existing` for the same address', async () => {
    let woken = 0;
    const stop = onEnqueue(() => woken++);
    const first = await saveNewsletterSignup('  Fan@Example.org ');
    expect(first).toMatchObject({ saved: true, existing: false });
    const stored = first.saved ? await getRecord(first.id) : undefined;
    expect(stored?.kind === 'newsletter' && stored.payload.email).toBe('fan@example.org');
    expect(woken).toBe(1);

    const again = await saveNewsletterSignup('FAN@example.org');
    expect(again).toEqual({ saved: true, id: first.saved ? first.id : '', existing: true });
    expect((await listRecords()).length).toBe(1);
    expect(woken).toBe(1);
    stop();
  });

  it('answers the schema messages and stores nothing for a wrong address', async () => {
    expect(await saveNewsletterSignup('not an email')).toEqual({
      saved: false,
      errors: { email: 'Enter a valid email address, like name@example.com.' },
    });
    expect((await listRecords()).length).toBe(0);
  });
});
