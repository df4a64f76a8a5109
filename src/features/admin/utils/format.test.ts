import { describe, expect, it } from 'vitest';
import { categoryLabel, formatShortAge } from './format';
import { formatWait } from './format-wait';
import { safeNextPath } from './next-path';

describe('admin formatting', () => {
  it('shows the age unit so a baby and a child never look alike', () => {
    expect(formatShortAge(7, 'months')).toBe('7 mo');
    expect(formatShortAge(6, 'years')).toBe('6 y');
    expect(formatShortAge(null, null)).toBe('—');
  });

  it('shows the baby categories without " - In Person"', () => {
    expect(categoryLabel('crawling')).toBe('Crawling (5-9 months)');
    expect(categoryLabel('art-craft')).toBe('Art & Craft');
  });

  it('says how long to wait in words', () => {
    expect(formatWait(1)).toBe('1 second');
    expect(formatWait(45)).toBe('45 seconds');
    expect(formatWait(60)).toBe('1 minute');
    expect(formatWait(899)).toBe('15 minutes');
  });

  it('returns only to our own admin pages after sign-in', () => {
    expect(safeNextPath('/admin/judges?x=1')).toBe('/admin/judges?x=1');
    expect(safeNextPath(null)).toBe('/admin');
    expect(safeNextPath('https://evil.example/admin/')).toBe('/admin');
    expect(safeNextPath('/admin//evil.example')).toBe('/admin');
    expect(safeNextPath('/admin/login?next=/admin/registrations')).toBe('/admin');
    // Venue mode and the judges' pages come back after their accounts' second step (ADR 033).
    expect(safeNextPath('/venue')).toBe('/venue');
    expect(safeNextPath('/ta/judge')).toBe('/ta/judge');
    expect(safeNextPath('/admin/second-factor?next=/admin')).toBe('/admin');
  });
});
