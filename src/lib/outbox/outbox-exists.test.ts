import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { OutboxDatabase } from './outbox-db';
import { OUTBOX_DB_NAME, outboxExists } from './outbox-exists';

describe('outboxExists', () => {
  it('names the same database the outbox opens', () => {
    expect(new OutboxDatabase().name).toBe(OUTBOX_DB_NAME);
  });

  it('is false until the outbox has been opened, then true', async () => {
    expect(await outboxExists()).toBe(false);
    const db = new OutboxDatabase();
    await db.open();
    expect(await outboxExists()).toBe(true);
    db.close();
  });
});
