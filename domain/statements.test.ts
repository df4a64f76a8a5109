import { describe, expect, it } from 'vitest';
import { codesIn } from './statements';

describe('codesIn', () => {
  it('finds a code however it was written', () => {
    expect(codesIn('UPI-PRIYA-priya94@okaxis-KTC-ZSY3-WHYF')).toContain('KTC-ZSY3-WHYF');
    expect(codesIn('ktc 7f3k 9qx2 fee')).toContain('KTC-7F3K-9QX2');
    expect(codesIn('NEFT KTC/7F3K-9QX2')).toContain('KTC-7F3K-9QX2');
    expect(codesIn('7F3K-9QX2')).toContain('KTC-7F3K-9QX2');
  });

  it('tries every KTC in the line, so a word after the first one does not hide the code', () => {
    const codes = codesIn('KTC fee KTC7F3K9QX2');
    expect(codes).toContain('KTC-7F3K-9QX2');
    // What the first KTC reads is a candidate too; only a registration's real code counts.
    expect(codes).toContain('KTC-FEEK-TC7F');
    expect(codesIn('Kids Talent KTC  fee for KTC-7F3K-9QX2 and KTC 8G4M 0RY3')).toEqual(expect.arrayContaining(['KTC-7F3K-9QX2', 'KTC-8G4M-0RY3']));
  });

  it('keeps the tolerance for O and I or L in every candidate', () => {
    expect(codesIn('KTC fee KTC7F3K9QXZ ktc-lOOO-iiii')).toEqual(expect.arrayContaining(['KTC-7F3K-9QXZ', 'KTC-1000-1111']));
  });
});
