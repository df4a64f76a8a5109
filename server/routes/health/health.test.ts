import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../../../tests/setup/test-app';
import { testDatabaseKinds } from '../../../tests/setup/test-database';

describe.each(testDatabaseKinds())('GET /api/health on %s', (kind) => {
  const t = useTestApp(kind);

  it('reports ok and which database it uses', async () => {
    const response = await t.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, db: kind });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('sends small answers uncompressed, with their length, and compresses large ones', async () => {
    const small = await t.request('/api/health', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(Number(small.headers.get('content-length'))).toBe(JSON.stringify({ ok: true, db: kind }).length);

    // A 422 listing many field errors is well over 1 KB.
    const large = await t.request('/api/registrations/batch', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Encoding': 'gzip' },
      body: JSON.stringify({ registrations: Array.from({ length: 20 }, () => ({ name: 'x' })) }),
    });
    expect(large.headers.get('content-encoding')).toBe('gzip');
    expect(large.headers.get('content-length')).toBeNull();
    const body = JSON.parse(gunzipSync(Buffer.from(await large.arrayBuffer())).toString('utf8')) as { results: unknown[] };
    expect(body.results).toHaveLength(20);
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
    // No framing, said the same way in both headers; the camera only for our own pages (venue QR scan).
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('permissions-policy')).toMatch(/camera=\(self\)/);
    expect(response.headers.get('permissions-policy')).toMatch(/microphone=\(\)/);
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
