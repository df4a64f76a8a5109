import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv, Deps } from '../context';
import { loadEnv } from '../env';
import { clientIp, isHttps, limitKeyOf } from './client-ip';

/** Asks a tiny app who the caller is, as a request from `socket` carrying `headers`. */
async function seen(trustProxy: string, socket: string, headers: Record<string, string> = {}): Promise<{ ip: string; https: boolean }> {
  const env = loadEnv({ TRUST_PROXY: trustProxy });
  const app = new Hono<AppEnv>()
    .use('*', async (c, next) => {
      c.set('deps', { env } as Deps);
      await next();
    })
    .get('/', (c) => c.json({ ip: clientIp(c), https: isHttps(c) }));
  const response = await app.request('http://localhost/', { headers }, { incoming: { socket: { remoteAddress: socket } } });
  return (await response.json()) as { ip: string; https: boolean };
}

describe('what the limits count', () => {
  it('counts an IPv6 caller by its /64, however the address is written, and an IPv4 caller by its address', () => {
    expect(limitKeyOf('2001:db8:abcd:12:1::1')).toBe('2001:db8:abcd:12::/64');
    expect(limitKeyOf('2001:0db8:abcd:0012:ffff:ffff:ffff:ffff')).toBe('2001:db8:abcd:12::/64');
    expect(limitKeyOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(limitKeyOf('2001:db8::')).toBe(limitKeyOf('2001:db8:0:0:9::'));
    expect(limitKeyOf('2001:db8:abcd:13::1')).not.toBe(limitKeyOf('2001:db8:abcd:12::1'));
    expect(limitKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(limitKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(limitKeyOf('unknown')).toBe('unknown');
  });
});

describe('the client IP behind proxies', () => {
  it('without TRUST_PROXY is the socket address, whatever X-Forwarded-For says', async () => {
    expect(await seen('false', '203.0.113.7', { 'X-Forwarded-For': '1.1.1.1' })).toEqual({ ip: '203.0.113.7', https: false });
    expect((await seen('', '::ffff:203.0.113.7')).ip).toBe('203.0.113.7');
  });

  it('behind one proxy is the entry that proxy appended (the rightmost), never the one the client wrote', async () => {
    // The client sent "X-Forwarded-For: 6.6.6.6"; our proxy appended the address it saw.
    const headers = { 'X-Forwarded-For': '6.6.6.6, 198.51.100.20' };
    expect((await seen('1', '10.0.0.2', headers)).ip).toBe('198.51.100.20');
    expect((await seen('true', '10.0.0.2', headers)).ip).toBe('198.51.100.20');
  });

  it('behind two proxies is the second entry from the right', async () => {
    const headers = { 'X-Forwarded-For': '6.6.6.6, 198.51.100.20, 10.0.0.9' };
    expect((await seen('2', '10.0.0.2', headers)).ip).toBe('198.51.100.20');
  });

  it('changing the first hop on every guess does not change who the caller is', async () => {
    const ips = await Promise.all(
      ['1.1.1.1', '2.2.2.2', '3.3.3.3'].map(async (spoofed) => (await seen('1', '10.0.0.2', { 'X-Forwarded-For': `${spoofed}, 198.51.100.20` })).ip),
    );
    expect(new Set(ips)).toEqual(new Set(['198.51.100.20']));
  });

  it('with a list of trusted proxies is the rightmost entry that is not one of them', async () => {
    const trust = '10.0.0.0/8, 192.168.1.5, fd00::/8';
    expect((await seen(trust, '10.0.0.2', { 'X-Forwarded-For': '6.6.6.6, 198.51.100.20, 192.168.1.5, 10.1.2.3' })).ip).toBe('198.51.100.20');
    expect((await seen(trust, 'fd00::1', { 'X-Forwarded-For': '6.6.6.6, [2001:db8::5]:4711' })).ip).toBe('2001:db8::5');
    // A request that did not come through a trusted proxy: its header is the client's own words.
    expect((await seen(trust, '198.51.100.99', { 'X-Forwarded-For': '10.0.0.1' })).ip).toBe('198.51.100.99');
  });

  it('reads https from the nearest proxy only', async () => {
    expect((await seen('1', '10.0.0.2', { 'X-Forwarded-Proto': 'http, https' })).https).toBe(true);
    expect((await seen('1', '10.0.0.2', { 'X-Forwarded-Proto': 'https, http' })).https).toBe(false);
    expect((await seen('false', '10.0.0.2', { 'X-Forwarded-Proto': 'https' })).https).toBe(false);
    expect((await seen('10.0.0.0/8', '198.51.100.99', { 'X-Forwarded-Proto': 'https' })).https).toBe(false);
  });

  it('refuses a TRUST_PROXY it cannot read', () => {
    expect(() => loadEnv({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
    expect(() => loadEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });
});
