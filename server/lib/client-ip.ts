import { BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from '../context';

/**
 * The caller's IP, per TRUST_PROXY (server/env.ts): the socket's address, or the X-Forwarded-For
 * entry written by the outermost proxy we trust, never one the client could have written.
 * In-process tests (app.request) have no socket: "unknown".
 */
export function clientIp(c: Context<AppEnv>): string {
  const socket = socketAddress(c);
  const trust = c.var.deps.env.TRUST_PROXY;
  if (trust.kind === 'off') return socket;
  const hops = forwardedFor(c);
  if (trust.kind === 'hops') {
    // Each of our N proxies appended the address it was reached from: the client is the Nth
    // entry from the right. A shorter list means fewer proxies than configured: the leftmost
    // entry is then the nearest to the client that a proxy of ours wrote.
    const entry = hops.length >= trust.hops ? hops[hops.length - trust.hops] : hops[0];
    return entry ?? socket;
  }
  const trusted = trustedProxies(trust);
  if (!isTrusted(trusted, socket)) return socket;
  for (let i = hops.length - 1; i >= 0; i--) {
    const entry = hops[i] as string;
    if (!isTrusted(trusted, entry)) return entry;
  }
  return hops[0] ?? socket;
}

/** Whether the request reached us over https (directly, or per the nearest trusted proxy's header). */
export function isHttps(c: Context<AppEnv>): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  if (c.var.deps.env.TRUST_PROXY.kind === 'off') return false;
  const trust = c.var.deps.env.TRUST_PROXY;
  if (trust.kind === 'addresses' && !isTrusted(trustedProxies(trust), socketAddress(c))) return false;
  // The value our nearest proxy wrote is the last one; earlier ones may come from the client.
  const protos = (c.req.header('x-forwarded-proto') ?? '').split(',');
  return protos.at(-1)?.trim().toLowerCase() === 'https';
}

export function userAgentOf(c: Context): string | null {
  return c.req.header('user-agent')?.slice(0, 500) ?? null;
}

function socketAddress(c: Context<AppEnv>): string {
  try {
    return normalize(getConnInfo(c).remote.address ?? 'unknown');
  } catch {
    return 'unknown';
  }
}

/** Every X-Forwarded-For entry, left (client side) to right (our side), as plain addresses. */
function forwardedFor(c: Context<AppEnv>): string[] {
  const header = c.req.header('x-forwarded-for');
  if (!header) return [];
  return header
    .split(',')
    .map((entry) => normalize(entry.trim()))
    .filter(Boolean)
    .slice(-20);
}

/** "[::1]:443" → "::1", "1.2.3.4:80" → "1.2.3.4", "::ffff:1.2.3.4" → "1.2.3.4"; at most 100 characters. */
function normalize(entry: string): string {
  let address = entry;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed?.[1]) address = bracketed[1];
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(address);
  if (withPort?.[1]) address = withPort[1];
  if (/^::ffff:\d{1,3}(?:\.\d{1,3}){3}$/i.test(address)) address = address.slice(7);
  return address.slice(0, 100);
}

const blockLists = new WeakMap<string[], BlockList>();

function trustedProxies(trust: { entries: string[] }): BlockList {
  let list = blockLists.get(trust.entries);
  if (!list) {
    list = new BlockList();
    for (const entry of trust.entries) {
      const [address = '', prefix] = entry.split('/');
      const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (prefix === undefined) list.addAddress(address, family);
      else list.addSubnet(address, Number(prefix), family);
    }
    blockLists.set(trust.entries, list);
  }
  return list;
}

function isTrusted(list: BlockList, address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * Who a limit counts (sign-ins, public writes, "find my registration"): an IPv4 address, or an
 * IPv6 address's /64. One home or phone holds a whole /64 and can use any address in it, so
 * counting each IPv6 address apart would give one caller billions of fresh limits. The audit log
 * keeps the full address.
 */
export function limitKeyOf(ip: string): string {
  const bare = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  if (isIP(bare) !== 6) return bare;
  const [head = '', tail = ''] = bare.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = bare.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The caller as the limits count it (limitKeyOf). */
export function clientLimitKey(c: Context<AppEnv>): string {
  return limitKeyOf(clientIp(c));
}
