/** Crockford base32: no I, L, O or U, so a code read aloud over the phone is hard to mistake. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export const REFERENCE_CODE_PATTERN = /^KTC-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/** A short code such as KTC-7F3K-9QX2 (40 random bits), shown to the family as their receipt. */
export function createReferenceCode(random: (bytes: Uint8Array) => Uint8Array = cryptoRandom): string {
  const bytes = random(new Uint8Array(8));
  let chars = '';
  for (const byte of bytes) chars += ALPHABET[byte & 31];
  return `KTC-${chars.slice(0, 4)}-${chars.slice(4, 8)}`;
}

/** Accepts what a person might type (lower case, O for 0, I/L for 1, missing dashes). */
export function normalizeReferenceCode(input: string): string | null {
  const raw = input
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  const body = raw.startsWith('KTC') ? raw.slice(3) : raw;
  if (!/^[0-9A-HJKMNP-TV-Z]{8}$/.test(body)) return null;
  return `KTC-${body.slice(0, 4)}-${body.slice(4)}`;
}

function cryptoRandom(bytes: Uint8Array): Uint8Array {
  return globalThis.crypto.getRandomValues(bytes);
}

/**
 * The code of the registration with this id: 40 of the UUID's random bits (its last ten hex
 * digits) in the same alphabet. The registration form makes its codes this way, so a form sent
 * by the browser before the page's script ran and the same form sent later through the outbox
 * carry the same code (ADR 031), and the server can give the family their code at once.
 */
export function referenceCodeOf(id: string): string {
  const hex = id.replace(/-/g, '');
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new Error('A reference code is made from a UUID.');
  const bits = Number.parseInt(hex.slice(-10), 16);
  let chars = '';
  for (let shift = 35; shift >= 0; shift -= 5) chars += ALPHABET[Math.floor(bits / 2 ** shift) % 32];
  return `KTC-${chars.slice(0, 4)}-${chars.slice(4, 8)}`;
}
