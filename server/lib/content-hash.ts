import { createHash } from 'node:crypto';
import { canonicalJson } from '@domain/validation';

/** SHA-256 (hex) of a record's canonical JSON: two copies with the same content hash alike. */
export function contentHash(content: unknown): string {
  return sha256Hex(canonicalJson(content));
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
