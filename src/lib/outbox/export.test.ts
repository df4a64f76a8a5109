// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { recordsAsJson } from './export';
import type { JudgeRecord, OutboxRecord } from './kinds';

const SECRET = 'f'.repeat(64);
const base = { status: 'failed' as const, attempts: 2, createdAt: 1, updatedAt: 2, syncedAt: null, lastError: 'x', fieldErrors: null, serverCopy: null, recordSecret: SECRET };

describe('Export as JSON', () => {
  it('writes every record, with a judge photo as a data URL that can be restored', async () => {
    const judge: JudgeRecord = {
      ...base,
      id: 'a1b2c3d4-0000-4000-8000-000000000001',
      kind: 'judge',
      payload: { id: 'a1b2c3d4-0000-4000-8000-000000000001', name: 'Lakshmi', expertise: 'Yoga Trainer', experience: 4, bio: 'Teacher' },
      photo: new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' }),
      photoName: 'me.jpg',
    };
    const contact: OutboxRecord = {
      ...base,
      id: 'a1b2c3d4-0000-4000-8000-000000000002',
      kind: 'contact',
      payload: { id: 'a1b2c3d4-0000-4000-8000-000000000002', name: 'P', email: 'p@example.org', phone: '9876543210', subject: 'Hi', message: 'Hello' },
    };

    const json = JSON.parse(await recordsAsJson([judge, contact], {}, new Date('2026-01-02T03:04:05Z'))) as {
      exportedAt: string;
      records: { id: string; status: string; photo?: string; payload: { name: string } }[];
    };

    expect(json.exportedAt).toBe('2026-01-02T03:04:05.000Z');
    expect(json.records.map((r) => [r.id, r.status, r.payload.name])).toEqual([
      [judge.id, 'failed', 'Lakshmi'],
      [contact.id, 'failed', 'P'],
    ]);
    expect(json.records[0]?.photo).toBe('data:image/jpeg;base64,/9j/4A==');
  });

  it('leaves every record secret on the device', async () => {
    const contact: OutboxRecord = {
      ...base,
      id: 'a1b2c3d4-0000-4000-8000-000000000003',
      kind: 'contact',
      payload: { id: 'a1b2c3d4-0000-4000-8000-000000000003', name: 'P', email: 'p@example.org', phone: '9876543210', subject: 'Hi', message: 'Hello' },
    };
    const text = await recordsAsJson([contact]);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('recordSecret');
    expect(JSON.parse(text).records[0]).toMatchObject({ id: contact.id, payload: { subject: 'Hi' } });
  });
});
