// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppNavigation, isCurrentPage, type AppNavigate } from '@/lib/app-navigation';
import { AppLink } from './app-link';

// Whether the app took each click (prevented the browser's own following of the link). The
// listener on the document runs after React's and then stops jsdom, which cannot load pages.
let taken: boolean[] = [];
const record = (event: Event) => {
  taken.push(event.defaultPrevented);
  event.preventDefault();
};
beforeEach(() => {
  taken = [];
  document.addEventListener('click', record);
});
afterEach(() => {
  document.removeEventListener('click', record);
  cleanup();
});

function takenByApp(link: HTMLElement, init?: MouseEventInit): boolean | undefined {
  fireEvent.click(link, init);
  return taken.at(-1);
}

function renderLink(navigate: AppNavigate | null, link: React.ReactNode) {
  return render(<AppNavigation value={navigate}>{link}</AppNavigation>);
}

describe('AppLink', () => {
  it('follows a plain click in the app, without a page load', () => {
    const navigate = vi.fn();
    renderLink(navigate, <AppLink to="/ta/contest/dance?from=menu">Dance</AppLink>);
    const link = screen.getByRole('link', { name: 'Dance' });
    expect(link.getAttribute('href')).toBe('/ta/contest/dance?from=menu');
    expect(takenByApp(link, { button: 0 })).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/ta/contest/dance?from=menu', { replace: false });
  });

  it('replaces the history entry when the link names the address already shown', () => {
    window.history.replaceState(null, '', '/faq');
    const navigate = vi.fn();
    renderLink(navigate, <AppLink to="/faq">FAQ</AppLink>);
    expect(takenByApp(screen.getByRole('link', { name: 'FAQ' }))).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/faq', { replace: true });
  });

  it('leaves to the browser a click with a modifier, a middle click, a new tab, a download or another site', () => {
    const navigate = vi.fn();
    renderLink(
      navigate,
      <>
        <AppLink to="/about">About</AppLink>
        <AppLink to="/verify/1" target="_blank">
          Verify
        </AppLink>
        <AppLink to="/api/export.csv" download>
          Export
        </AppLink>
        <AppLink to="https://example.org/">Elsewhere</AppLink>
      </>,
    );
    const about = screen.getByRole('link', { name: 'About' });
    for (const modifier of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
      expect(takenByApp(about, modifier)).toBe(false);
    }
    expect(takenByApp(screen.getByRole('link', { name: 'Verify' }))).toBe(false);
    expect(takenByApp(screen.getByRole('link', { name: 'Export' }))).toBe(false);
    expect(takenByApp(screen.getByRole('link', { name: 'Elsewhere' }))).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("runs the link's own click handler first, and stays a page load if that handler prevents it", () => {
    const navigate = vi.fn();
    const order: string[] = [];
    renderLink(
      navigate,
      <>
        <AppLink to="/" onClick={() => order.push('own')}>
          Home
        </AppLink>
        <AppLink to="/contact" onClick={(event) => event.preventDefault()}>
          Contact
        </AppLink>
      </>,
    );
    navigate.mockImplementation(() => order.push('navigate'));
    expect(takenByApp(screen.getByRole('link', { name: 'Home' }))).toBe(true);
    expect(order).toEqual(['own', 'navigate']);
    takenByApp(screen.getByRole('link', { name: 'Contact' }));
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('is an ordinary link where the app provides no navigation (the prerender)', () => {
    renderLink(null, <AppLink to="/events">Events</AppLink>);
    expect(takenByApp(screen.getByRole('link', { name: 'Events' }))).toBe(false);
  });

  it("names the page being shown with aria-current, as a menu's link", () => {
    renderLink(
      null,
      <>
        <AppLink to="/workshops" current>
          Workshops
        </AppLink>
        <AppLink to="/" current={false}>
          Home
        </AppLink>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Workshops' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Home' }).hasAttribute('aria-current')).toBe(false);
  });
});

describe('isCurrentPage', () => {
  it('matches the same path, and pages under it unless the link is for that path only', () => {
    expect(isCurrentPage('/ta/', '/ta/', true)).toBe(true);
    expect(isCurrentPage('/ta/about', '/ta/', true)).toBe(false);
    expect(isCurrentPage('/', '/', true)).toBe(true);
    expect(isCurrentPage('/events', '/', true)).toBe(false);
    expect(isCurrentPage('/admin/registrations', '/admin/registrations')).toBe(true);
    expect(isCurrentPage('/admin/registrations/42', '/admin/registrations')).toBe(true);
    expect(isCurrentPage('/admin/registrations-archive', '/admin/registrations')).toBe(false);
    expect(isCurrentPage('/Contest/Dance', '/contest/dance')).toBe(true);
  });
});
