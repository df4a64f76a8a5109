import { describe, expect, it } from 'vitest';
import { createClock } from './clock';

describe('the server clock', () => {
  it('reads the real time until a test moves it, and moves back with offset 0', () => {
    let real = Date.parse('2027-03-01T00:00:00Z');
    const clock = createClock(() => real);
    expect(clock.now().toISOString()).toBe('2027-03-01T00:00:00.000Z');
    clock.setOffset(48 * 3_600_000);
    expect(clock.now().toISOString()).toBe('2027-03-03T00:00:00.000Z');
    real += 1000;
    expect(clock.now().toISOString()).toBe('2027-03-03T00:00:01.000Z');
    expect(clock.offsetMs()).toBe(48 * 3_600_000);
    clock.setOffset(0);
    expect(clock.now().toISOString()).toBe('2027-03-01T00:00:01.000Z');
    expect(() => clock.setOffset(Number.NaN)).toThrow(/finite/);
  });
});
