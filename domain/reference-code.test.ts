import { describe, expect, it } from 'vitest';
import { createReferenceCode, normalizeReferenceCode, REFERENCE_CODE_PATTERN, referenceCodeOf } from './reference-code';

describe('reference codes', () => {
  it.each([
    [[0, 0, 0, 0, 0, 0, 0, 0], 'KTC-0000-0000'],
    [[31, 31, 31, 31, 31, 31, 31, 31], 'KTC-ZZZZ-ZZZZ'],
    // Only the low 5 bits of each byte pick a character (Crockford base32: no I, L, O or U).
    [[32, 33, 18, 19, 20, 21, 26, 255], 'KTC-01JK-MNTZ'],
  ])('bytes %j make %s', (bytes, code) => {
    expect(createReferenceCode(() => Uint8Array.from(bytes))).toBe(code);
  });

  it('a random code always has the KTC-XXXX-XXXX form', () => {
    for (let i = 0; i < 200; i++) expect(createReferenceCode()).toMatch(REFERENCE_CODE_PATTERN);
  });

  it.each([
    ['KTC-7F3K-9QX2', 'KTC-7F3K-9QX2'],
    ['ktc-7f3k-9qx2', 'KTC-7F3K-9QX2'],
    ['7F3K9QX2', 'KTC-7F3K-9QX2'],
    [' ktc 7f3k 9qx2 ', 'KTC-7F3K-9QX2'],
    // Read aloud or typed by hand: O is 0, I and L are 1.
    ['KTC-O0IL-1234', 'KTC-0011-1234'],
    ['KTC-7F3K-9QX', null],
    ['KTC-7F3K-9QX2X', null],
    ['KTC-7F3K-9QU2', null],
    ['', null],
  ])('normalizeReferenceCode(%j) is %j', (input, expected) => {
    expect(normalizeReferenceCode(input)).toBe(expected);
  });

  it.each([
    ['KTC-7F3K-9QX2', true],
    ['KTC-7F3K-9QI2', false],
    ['KTC-7f3k-9qx2', false],
    ['XYZ-7F3K-9QX2', false],
  ])('the pattern accepts %s: %s', (code, ok) => {
    expect(REFERENCE_CODE_PATTERN.test(code)).toBe(ok);
  });

  it('a registration id gives one code, the same each time, from its last 40 bits', () => {
    const id = '0b9e4c1a-5d2f-4e7a-9c3b-00000000001f';
    expect(referenceCodeOf(id)).toBe('KTC-0000-000Z');
    expect(referenceCodeOf(id.toUpperCase())).toBe('KTC-0000-000Z');
    expect(referenceCodeOf('0b9e4c1a-5d2f-4e7a-9c3b-ffffffffffff')).toBe('KTC-ZZZZ-ZZZZ');
    const codes = new Set(Array.from({ length: 200 }, () => referenceCodeOf(crypto.randomUUID())));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(REFERENCE_CODE_PATTERN);
    expect(() => referenceCodeOf('not-a-uuid')).toThrow(/UUID/);
  });
});
