import { describe, expect, it } from 'vitest';
import { addDays, correctionsCloseAt, ERASURE_MAX_DAYS, LEVELS, PRIVACY_NOTICE, seasonEndsAt } from './season';

describe('season dates', () => {
  it('closes corrections at the start of the day before Level 1, in Chennai', () => {
    expect(correctionsCloseAt().toISOString()).toBe(new Date('2027-04-17T00:00:00+05:30').toISOString());
  });

  it('ends the season (and the families’ links) when the last contest day ends', () => {
    expect(seasonEndsAt().toISOString()).toBe(new Date('2028-01-01T00:00:00+05:30').toISOString());
  });

  it('keeps every level’s machine dates in order and in step with its label', () => {
    for (const level of LEVELS) {
      expect(level.startsOn <= level.endsOn).toBe(true);
      const [year, month, day] = level.startsOn.split('-').map(Number);
      const label = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(year ?? 0, (month ?? 1) - 1, day));
      expect(level.date).toContain(label);
      expect(level.date).toContain(String(day));
      expect(level.date).toContain(String(year));
    }
  });

  it('answers erasure requests within the legal maximum', () => {
    expect(PRIVACY_NOTICE.erasureAnswerDays).toBeGreaterThan(0);
    expect(PRIVACY_NOTICE.erasureAnswerDays).toBeLessThanOrEqual(ERASURE_MAX_DAYS);
  });

  it('adds calendar days across months and years', () => {
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
  });
});
