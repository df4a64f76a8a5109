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
