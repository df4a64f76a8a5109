import { describe, expect, it } from 'vitest';
import { pathOfCachedUrl } from './saved-pages';

describe('the page a cached document answers', () => {
  it('maps precached HTML files and kept navigations to page paths, not the shell or the 404 page', () => {
    expect(pathOfCachedUrl('https://example.org/registration.html?__WB_REVISION__=abc')).toBe('/registration');
    expect(pathOfCachedUrl('https://example.org/ta/judgereg.html')).toBe('/ta/judgereg');
    expect(pathOfCachedUrl('https://example.org/index.html')).toBe('/');
    expect(pathOfCachedUrl('https://example.org/ta/index.html')).toBe('/ta/');
    expect(pathOfCachedUrl('https://example.org/about')).toBe('/about');
    expect(pathOfCachedUrl('https://example.org/app-shell.html')).toBeUndefined();
    expect(pathOfCachedUrl('https://example.org/ta/404.html')).toBeUndefined();
  });
});
