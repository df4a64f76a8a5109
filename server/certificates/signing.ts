import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { asc, eq, isNotNull } from 'drizzle-orm';
import { calculateJwkThumbprint, CompactSign, compactVerify, importJWK, type JWK } from 'jose';
import type { Db } from '../db/client';
import { signingKeys } from '../db/schema';

/**
 * Certificates are signed statements (ADR 028): a compact JWS with EdDSA (Ed25519) over the
 * statement's JSON. The key is CERTIFICATE_SIGNING_KEY, or one made on first use and kept in the
 * database (so in its backups, and shared by every instance on one Postgres). Public keys are
 * published at /.well-known/jwks.json, so anyone can check a statement without asking us.
 */
export type Signer = {
  kid: string;
  sign(statement: object): Promise<string>;
};

const signers = new WeakMap<Db, Promise<Signer>>();

/** The instance's signer: made once per database handle, the same key for every instance. */
export function signerFor(db: Db, configuredPem: string | undefined): Promise<Signer> {
  let signer = signers.get(db);
  if (!signer) {
    signer = loadSigner(db, configuredPem);
    signers.set(db, signer);
    signer.catch(() => signers.delete(db));
  }
  return signer;
}

async function loadSigner(db: Db, configuredPem: string | undefined): Promise<Signer> {
  if (configuredPem) {
    const privateKey = createPrivateKey(configuredPem);
    if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('CERTIFICATE_SIGNING_KEY must be an Ed25519 private key (PKCS#8 PEM).');
    const publicJwk = publicJwkOf(createPublicKey(privateKey));
    const kid = await calculateJwkThumbprint(publicJwk);
    await db.insert(signingKeys).values({ kid, publicJwk: { ...publicJwk, kid }, privateKeyPem: null }).onConflictDoNothing();
    return signerOf(kid, privateKey);
  }
  const [existing] = await stored(db);
  if (existing?.privateKeyPem) return signerOf(existing.kid, createPrivateKey(existing.privateKeyPem));
  // First use: make a key; when two instances race, both keep the oldest stored one.
  const pair = generateKeyPairSync('ed25519');
  const publicJwk = publicJwkOf(pair.publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  await db
    .insert(signingKeys)
    .values({ kid, publicJwk: { ...publicJwk, kid }, privateKeyPem: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() })
    .onConflictDoNothing();
  const [chosen] = await stored(db);
  if (!chosen?.privateKeyPem) throw new Error('no certificate signing key could be stored');
  return signerOf(chosen.kid, createPrivateKey(chosen.privateKeyPem));
}

const stored = (db: Db) =>
  db
    .select({ kid: signingKeys.kid, privateKeyPem: signingKeys.privateKeyPem })
    .from(signingKeys)
    .where(isNotNull(signingKeys.privateKeyPem))
    .orderBy(asc(signingKeys.createdAt), asc(signingKeys.kid))
    .limit(1);

function publicJwkOf(key: KeyObject): JWK {
  const { kty, crv, x } = key.export({ format: 'jwk' });
  return { kty, crv, x, alg: 'EdDSA', use: 'sig' } as JWK;
}

function signerOf(kid: string, privateKey: KeyObject): Signer {
  const encoder = new TextEncoder();
  return {
    kid,
    sign: (statement) => new CompactSign(encoder.encode(canonicalJson(statement))).setProtectedHeader({ alg: 'EdDSA', kid }).sign(privateKey),
  };
}

/**
 * JSON with every object's keys in code-unit order: the same statement always gives the same
 * bytes, whatever order a database (jsonb sorts keys its own way) hands it back in.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Every public key we have signed with, as a JSON Web Key Set. */
export async function publicKeys(db: Db): Promise<{ keys: JWK[] }> {
  const rows = await db.select({ publicJwk: signingKeys.publicJwk }).from(signingKeys).orderBy(asc(signingKeys.createdAt));
  return { keys: rows.map((row) => row.publicJwk as JWK) };
}

/**
 * The statement a JWS carries, if one of our keys signed it exactly; null for a forgery, a
 * changed statement or an unknown key.
 */
export async function verifiedStatement(db: Db, jws: string): Promise<Record<string, unknown> | null> {
  try {
    const header = JSON.parse(Buffer.from(jws.split('.')[0] ?? '', 'base64url').toString('utf8')) as { kid?: unknown; alg?: unknown };
    if (typeof header.kid !== 'string' || header.alg !== 'EdDSA') return null;
    const [row] = await db.select({ publicJwk: signingKeys.publicJwk }).from(signingKeys).where(eq(signingKeys.kid, header.kid));
    if (!row) return null;
    const key = await importJWK(row.publicJwk as JWK, 'EdDSA');
    const { payload } = await compactVerify(jws, key, { algorithms: ['EdDSA'] });
    return JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
  } catch {
    return null;
  }
}
