import { describe, expect, it } from 'vitest';
import { languageOfPath, pagePatternOf, ratingOf, VITALS_PAGES } from './vitals';
import { vitalsReportSchema } from './vitals-report';

describe('pagePatternOf', () => {
  it.each([
    ['/', '/'],
    ['/ta/', '/'],
    ['/ta', '/'],
    ['/about/', '/about'],
    ['/ta/registration?ref=abc#form', '/registration'],
    ['/contest/art', '/contest/art'],
    ['/contest/Dance', '/contest/dance'],
    ['/contest/art-craft', '/contest/:slug'],
    ['/contest/category', '/contest/category'],
    ['/my/AbC123-secret_token', '/my/:token'],
    ['/ta/my/AbC123-secret_token', '/my/:token'],
    ['/verify/ABCDEFGHJKMNPQRS', '/verify/:id'],
    ['/my/a/b', '/other'],
    ['/wp-login.php', '/other'],
    ['nonsense', '/other'],
  ])('%s → %s', (path, pattern) => {
    expect(pagePatternOf(path)).toBe(pattern);
  });

  it('never measures staff pages', () => {
    for (const path of ['/admin', '/admin/registrations', '/judge', '/judge/welcome', '/venue', '/venue/walk-in', '/ta/venue']) {
      expect(pagePatternOf(path), path).toBeNull();
    }
    expect(pagePatternOf('/judgereg')).toBe('/judgereg');
  });

  it('answers only patterns of the closed list, and the same again when applied twice', () => {
    for (const path of ['/', '/faq', '/contest/yoga', '/contest/x', '/my/t', '/verify/i', '/x/y/z', ...VITALS_PAGES]) {
      const pattern = pagePatternOf(path);
      expect(VITALS_PAGES).toContain(pattern);
      expect(pagePatternOf(pattern as string)).toBe(pattern);
    }
  });
});

describe('ratings and reports', () => {
  it('rates at the thresholds as web.dev does: at most good is good, above poor is poor', () => {
    expect(ratingOf('LCP', 2500)).toBe('good');
    expect(ratingOf('LCP', 2501)).toBe('needs-improvement');
    expect(ratingOf('LCP', 4000)).toBe('needs-improvement');
    expect(ratingOf('LCP', 4001)).toBe('poor');
    expect(ratingOf('CLS', 0.1)).toBe('good');
    expect(ratingOf('CLS', 0.26)).toBe('poor');
    expect(ratingOf('INP', 200)).toBe('good');
  });

  it('takes the language from the path and normalises the page it is sent', () => {
    expect(languageOfPath('/ta/about')).toBe('ta');
    expect(languageOfPath('/tamil')).toBe('en');
    const parsed = vitalsReportSchema.parse({ page: '/ta/my/secret?x=1', lang: 'ta', metrics: [{ name: 'TTFB', value: 0 }] });
    expect(parsed.page).toBe('/my/:token');
    expect(vitalsReportSchema.safeParse({ page: '/', lang: 'ta', metrics: [{ name: 'TTFB', value: Infinity }] }).success).toBe(false);
  });
});
