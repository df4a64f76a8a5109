// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { fakeTimersPerTest } from '../../../../tests/setup/fake-timers';
import { SPONSORS } from '@/config/season';
import { SponsorsSlider } from './sponsors-slider';

function renderSlider() {
  render(
    <MemoryRouter>
      <SponsorsSlider sponsors={SPONSORS} />
    </MemoryRouter>,
  );
  return screen.getByRole('group', { name: 'Sponsor logos' });
}

function offsets(): string[] {
  return [...document.querySelectorAll<HTMLElement>('.slider__slide')].map((slide) => slide.style.transform);
}

describe('SponsorsSlider', () => {
  fakeTimersPerTest();

  it('advances one slide every 3 s and wraps after the last', () => {
    const slider = renderSlider();
    expect(slider.dataset.current).toBe('0');
    expect(offsets()).toEqual(['translateX(0%)', 'translateX(100%)', 'translateX(200%)']);
    act(() => vi.advanceTimersByTime(2999));
    expect(slider.dataset.current).toBe('0');
    act(() => vi.advanceTimersByTime(1));
    expect(slider.dataset.current).toBe('1');
    expect(offsets()).toEqual(['translateX(-100%)', 'translateX(0%)', 'translateX(100%)']);
    act(() => vi.advanceTimersByTime(3000));
    expect(slider.dataset.current).toBe('2');
    act(() => vi.advanceTimersByTime(3000));
    expect(slider.dataset.current).toBe('0');
  });

  it('rests while the pointer is over it and lets a dot pick a sponsor', () => {
    const slider = renderSlider();
    fireEvent.pointerEnter(slider);
    act(() => vi.advanceTimersByTime(9000));
    expect(slider.dataset.current).toBe('0');
    fireEvent.click(screen.getByRole('button', { name: 'Show Sponsor 3' }));
    expect(slider.dataset.current).toBe('2');
    fireEvent.pointerLeave(slider);
    act(() => vi.advanceTimersByTime(3000));
    expect(slider.dataset.current).toBe('0');
  });

  it('leads to the full sponsor list', () => {
    renderSlider();
    expect(screen.getByRole('link', { name: 'View All Sponsors' }).getAttribute('href')).toBe('/about#sponsors');
  });
});
