import { describe, expect, it } from 'vitest';
import { judgeApplicationSchema, sniffImageType } from './judge';
import { fieldErrorsOf, type FieldErrors } from './validation';

const application = {
  id: '0b6f1c6e-6a55-4c0e-9d65-2f3e0d1a7c11',
  name: 'Meena',
  expertise: 'Classical Dancer',
  experience: '12',
  bio: 'Bharatanatyam teacher.',
};

describe('judge applications', () => {
  it.each<[string, Record<string, unknown>, FieldErrors | null]>([
    ['a valid application (experience typed as text)', {}, null],
    ['no experience yet', { experience: '0' }, null],
    ['the longest career', { experience: 60 }, null],
    ['negative experience', { experience: '-1' }, { experience: 'Experience cannot be negative.' }],
    ['61 years', { experience: '61' }, { experience: 'Experience must be at most 60 years.' }],
    ['half a year', { experience: '2.5' }, { experience: 'Enter whole years.' }],
    ['experience left empty', { experience: '' }, { experience: 'Enter your experience in years.' }],
    ['an expertise not in the list', { expertise: 'Juggler' }, { expertise: 'Choose your expertise from the list.' }],
    ['no name', { name: ' ' }, { name: 'Enter your name.' }],
    ['a bio of 1001 characters', { bio: 'x'.repeat(1001) }, { bio: 'Keep a short bio under 1,000 characters.' }],
  ])('%s', (_case, change, expected) => {
    const result = judgeApplicationSchema.safeParse({ ...application, ...change });
    expect(result.success ? null : fieldErrorsOf(result.error)).toEqual(expected);
  });

  it('a valid application stores experience as a number', () => {
    expect(judgeApplicationSchema.parse(application).experience).toBe(12);
  });
});

describe('photo types, by their first bytes', () => {
  const bytes = (...values: number[]) => Uint8Array.from([...values, ...new Array(16).fill(0)]);
  it.each([
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0), 'image/jpeg'],
    ['PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), 'image/png'],
    ['GIF87a', bytes(0x47, 0x49, 0x46, 0x38, 0x37, 0x61), 'image/gif'],
    ['GIF89a', bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61), 'image/gif'],
    ['WebP', bytes(0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50), 'image/webp'],
    ['RIFF that is not WebP (WAV)', bytes(0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x41, 0x56, 0x45), null],
    ['SVG text', new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), null],
    ['PDF', new TextEncoder().encode('%PDF-1.7'), null],
    ['nothing', new Uint8Array(0), null],
  ])('%s is %s', (_name, input, type) => {
    expect(sniffImageType(input)).toBe(type);
  });
});
