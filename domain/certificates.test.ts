import { describe, expect, it } from 'vitest';
import { awardFor, certificateIdSchema, publicName } from './certificates';

describe('publicName', () => {
  it.each([
    ['Priya Sharma', 'Priya S.'],
    ['  Priya   Sharma Venkat ', 'Priya S.'],
    ['R. Priya', 'Priya R.'],
    ['K.S. Arjun', 'Arjun K.'],
    ['Priya', 'Priya'],
    ['ஸ்ரீநிதி ராமன்', 'ஸ்ரீநிதி ரா.'],
    ['கௌசல்யா', 'கௌசல்யா'],
  ])('%s appears as %s', (name, shown) => {
    expect(publicName(name)).toBe(shown);
  });
});

describe('awardFor', () => {
  it('gives first, second and third places their awards, then qualifiers, then participation', () => {
    expect(awardFor({ place: 1, qualifies: true })).toBe('winner');
    expect(awardFor({ place: 2, qualifies: true })).toBe('runner-up');
    expect(awardFor({ place: 3, qualifies: false })).toBe('merit');
    expect(awardFor({ place: 7, qualifies: true })).toBe('qualified');
    expect(awardFor({ place: 9, qualifies: false })).toBe('participated');
    expect(awardFor({ place: null, qualifies: null })).toBe('participated');
  });
});

describe('certificate ids', () => {
  it('accepts 16 base32 characters in any case and refuses anything else', () => {
    expect(certificateIdSchema.safeParse({ id: 'ABCDEFGHIJKLMNOP' }).data?.id).toBe('abcdefghijklmnop');
    expect(certificateIdSchema.safeParse({ id: 'abcdefghijklmno1' }).success).toBe(false);
    expect(certificateIdSchema.safeParse({ id: '../../etc/passwd' }).success).toBe(false);
  });
});
