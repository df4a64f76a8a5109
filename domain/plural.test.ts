import { describe, expect, it } from 'vitest';
import { plural } from './plural';

describe('plural', () => {
  it('chooses the form as the catalogs do, in English and Tamil', () => {
    const children = { one: '# child took part', other: '# children took part' };
    expect(plural(1, children)).toBe('1 child took part');
    expect(plural(0, children)).toBe('0 children took part');
    expect(plural(2, children)).toBe('2 children took part');
    expect(plural(150000, children)).toBe('1,50,000 children took part');
    const tamil = { one: '# குழந்தை பங்கேற்றது', other: '# குழந்தைகள் பங்கேற்றனர்' };
    expect(plural(1, tamil, 'ta')).toBe('1 குழந்தை பங்கேற்றது');
    expect(plural(3, tamil, 'ta')).toBe('3 குழந்தைகள் பங்கேற்றனர்');
  });
});
