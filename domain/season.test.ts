import { describe, expect, it } from 'vitest';
import { addDays, correctionsCloseAt, ERASURE_MAX_DAYS, judgeReminderDue, LEVELS, PRIVACY_NOTICE, scoringDeadlineOf, seasonEndsAt } from './season';

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

describe('judges’ reminders before the scoring deadline (issue 49)', () => {
  const deadline = scoringDeadlineOf('level1')!;
  const at = (ms: number) => judgeReminderDue(new Date(deadline.getTime() + ms), deadline);
  const DAY = 86_400_000;

  it('is due from 3 days before until 1 day before, then the 1-day one until the deadline, and nothing after', () => {
    expect(deadline.toISOString()).toBe('2027-04-26T18:30:00.000Z');
    expect(at(-3 * DAY - 1)).toBeNull();
    expect(at(-3 * DAY)).toBe(3);
    expect(at(-DAY - 1)).toBe(3);
    expect(at(-DAY)).toBe(1);
    expect(at(-1)).toBe(1);
    expect(at(0)).toBeNull();
    expect(scoringDeadlineOf('level2')).toBeNull();
  });
});
