import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { testDatabaseKinds } from '../../../tests/setup/test-database';

describe.each(testDatabaseKinds())('GET /api/health on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('reports ok and which database it uses', async () => {
    const response = await t.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, db: kind });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const response = await t.request('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'not_found', message: expect.any(String) } });
  });

  it('sends a strict content security policy', async () => {
    const response = await t.request('/api/health');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("'unsafe-inline' 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers 503, not a crash, when the database is gone', async () => {
    const broken = await createTestApp(kind);
    await broken.database.close();
    const response = await broken.request('/api/health');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ ok: false, db: kind });
    await broken.database.dispose().catch(() => {});
  });
});
