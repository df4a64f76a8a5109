import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { getRecord, listRecords, recordsAsJson } from '@/lib/outbox';
import { resetOutbox } from '@/lib/outbox/testing';
import { reportPayment } from './report-payment';

afterEach(async () => {
  await resetOutbox();
});

describe('reportPayment', () => {
  it('stores the UTR as its digits, with the page’s link token to send it with', async () => {
    const result = await reportPayment('the-private-token', 'KTC-7F3K-9QX2', 'UTR: 4123 4567 8901');
    if (!result.saved) throw new Error('not saved');
    const stored = await getRecord(result.id);
    expect(stored).toMatchObject({ kind: 'payment-report', status: 'queued', referenceCode: 'KTC-7F3K-9QX2', credential: 'the-private-token' });
    expect(stored?.payload).toMatchObject({ id: result.id, utr: '412345678901' });
  });

  it('never writes the token into an export of the saved records', async () => {
    await reportPayment('the-private-token', 'KTC-7F3K-9QX2', '412345678901');
    const json = await recordsAsJson(await listRecords());
    expect(json).toContain('412345678901');
    expect(json).not.toContain('the-private-token');
  });

  it('stores nothing, and says why, for a number that is not a UTR', async () => {
    const result = await reportPayment('the-private-token', 'KTC-7F3K-9QX2', '12345');
    expect(result).toEqual({ saved: false, errors: { utr: expect.stringMatching(/12-digit/) } });
    expect(await listRecords()).toEqual([]);
  });
});
