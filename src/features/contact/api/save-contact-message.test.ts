import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { getRecord, listRecords } from '@/lib/outbox';
import { resetOutbox } from '@/lib/outbox/testing';
import { saveContactMessage } from './save-contact-message';

afterEach(async () => {
  await resetOutbox();
});

const message = { name: ' Meena ', email: 'meena@example.org', phone: '98765 43210', subject: ' Workshops ', message: 'When?' };

describe('saveContactMessage', () => {
  it('stores the parsed message: trimmed, with the default contact method', async () => {
    const result = await saveContactMessage(message);
    if (!result.saved) throw new Error('not saved');
    const stored = await getRecord(result.id);
    expect(stored?.kind).toBe('contact');
    expect(stored?.payload).toMatchObject({ name: 'Meena', subject: 'Workshops', contactMethod: 'Email' });
    expect(stored?.status).toBe('queued');
  });

  it('answers every message at once and stores nothing when fields are wrong', async () => {
    const result = await saveContactMessage({ ...message, name: '', subject: '' });
    expect(result.saved).toBe(false);
    expect(result.saved ? [] : Object.keys(result.errors).sort()).toEqual(['name', 'subject']);
    expect((await listRecords()).length).toBe(0);
  });
});
