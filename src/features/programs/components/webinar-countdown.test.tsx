// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeTimersPerTest } from '../../../../tests/setup/fake-timers';
import { WebinarCountdown } from './webinar-countdown';

const STARTS_AT = '2027-05-20T18:00:00+05:30';

function unit(name: string): string | null | undefined {
  return document.querySelector(`[data-unit="${name}"]`)?.textContent;
}

describe('WebinarCountdown', () => {
  fakeTimersPerTest();

  it('starts from the time left and ticks down every second', () => {
    vi.setSystemTime(new Date('2027-05-13T05:30:00+05:30')); // 7 d 12 h 30 min before
    render(<WebinarCountdown startsAt={STARTS_AT} />);
    expect([unit('days'), unit('hours'), unit('minutes'), unit('seconds')]).toEqual(['07', '12', '30', '00']);
    act(() => vi.advanceTimersByTime(1000));
    expect([unit('days'), unit('hours'), unit('minutes'), unit('seconds')]).toEqual(['07', '12', '29', '59']);
    act(() => vi.advanceTimersByTime(59_000));
    expect([unit('minutes'), unit('seconds')]).toEqual(['29', '00']);
  });

  it('shows the ended state once the start time passes, and stops ticking', () => {
    vi.setSystemTime(new Date('2027-05-20T17:59:58+05:30'));
    render(<WebinarCountdown startsAt={STARTS_AT} />);
    expect(unit('seconds')).toBe('02');
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByText(/this webinar has ended/i)).toBeTruthy();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows the ended state straight away after the webinar', () => {
    vi.setSystemTime(new Date('2028-01-01T00:00:00Z'));
    render(<WebinarCountdown startsAt={STARTS_AT} />);
    expect(screen.getByText(/this webinar has ended/i)).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
  });
});
