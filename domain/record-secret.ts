/**
 * A record's secret: 256 random bits the device makes when it first saves a record and sends with
 * every write of it. The record's id is an idempotency key that travels in exports and audit
 * entries; the secret never leaves the device except to the server, which keeps only its hash and
 * shows the stored copy of a record only to a caller holding the secret (ADR 009).
 */
export const RECORD_SECRET_FIELD = 'recordSecret';

/** Lower-case hex, 128 to 512 bits: anything shorter would be guessable. */
export const RECORD_SECRET_PATTERN = /^[0-9a-f]{32,128}$/;

export const RECORD_SECRET_MESSAGE = 'The record secret must be 32 to 128 lower-case hexadecimal characters.';

export function createRecordSecret(random: (bytes: Uint8Array) => Uint8Array = cryptoRandom): string {
  const bytes = random(new Uint8Array(32));
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

function cryptoRandom(bytes: Uint8Array): Uint8Array {
  return globalThis.crypto.getRandomValues(bytes);
}
