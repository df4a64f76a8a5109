import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { headTags } from './head-tags';
import { NOT_FOUND_PAGE, PAGE_ALIASES, PUBLIC_PAGES, publicPageFor } from './pages';
import { structuredData } from './structured-data';

const ORIGIN = 'https://kids.example';

function jsonLdIn(tags: string): { '@graph': Array<Record<string, unknown>> } {
  const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(tags)?.[1];
  return JSON.parse(json ?? 'null') as { '@graph': Array<Record<string, unknown>> };
}

describe('head tags of a prerendered page', () => {
  it('give each page its own title, description, canonical link and preview', () => {
    const dance = publicPageFor('/contest/dance');
    expect(dance).toBeDefined();
    const tags = headTags(dance!, ORIGIN);
    expect(tags).toContain('<title>Dance Challenge · Kids Talent Competition Chennai</title>');
    expect(tags).toContain('<link rel="canonical" href="https://kids.example/contest/dance" />');
    expect(tags).toContain('<meta property="og:url" content="https://kids.example/contest/dance" />');
    expect(tags).toContain('<meta property="og:image" content="https://kids.example/og/preview.png" />');
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });

  it('escape text so no page data can break out of an attribute or the JSON-LD', () => {
    const tags = headTags({ path: '/x', lang: 'en', title: 'A "quoted" <b>&', description: 'Ends </script> here' }, ORIGIN);
    expect(tags).toContain('<title>A &#34;quoted&#34; &#60;b&#62;&#38; · Kids Talent Competition Chennai</title>');
    expect(tags).toContain('content="Ends &#60;/script&#62; here"');
    expect(tags.match(/<\/script>/g)).toHaveLength(1);
  });

  it('mark the not-found page noindex, with no canonical address', () => {
    const tags = headTags(NOT_FOUND_PAGE, ORIGIN, { notFound: true });
    expect(tags).toContain('<meta name="robots" content="noindex" />');
    expect(tags).not.toContain('rel="canonical"');
  });

  it('cover each page once, with titles of their own, and aliases that lead to a page', () => {
    const paths = PUBLIC_PAGES.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const lang of ['en', 'ta'] as const) {
      i18n.activate(lang);
      const pages = PUBLIC_PAGES.filter((page) => page.lang === lang);
      expect(pages).toHaveLength(PUBLIC_PAGES.length / 2);
      expect(new Set(pages.map((page) => page.title)).size, lang).toBe(pages.length);
    }
    i18n.activate('en');
    for (const target of Object.values(PAGE_ALIASES)) expect(paths).toContain(target);
  });

  it('link each page to its other language (hreflang, x-default English) and give Tamil pages Tamil titles', () => {
    i18n.activate('ta');
    try {
      const tags = headTags(publicPageFor('/ta/contest/dance')!, ORIGIN);
      expect(tags).toContain(`<link rel="canonical" href="${ORIGIN}/ta/contest/dance" />`);
      expect(tags).toContain(`<link rel="alternate" hreflang="en-IN" href="${ORIGIN}/contest/dance" />`);
      expect(tags).toContain(`<link rel="alternate" hreflang="ta-IN" href="${ORIGIN}/ta/contest/dance" />`);
      expect(tags).toContain(`<link rel="alternate" hreflang="x-default" href="${ORIGIN}/contest/dance" />`);
      expect(tags).toContain('<meta property="og:locale" content="ta_IN" />');
      expect(tags).toMatch(/<title>நடனப் போட்டி \(Dance Challenge\) · /);
      expect(publicPageFor('/ta')?.path).toBe('/ta/');
    } finally {
      i18n.activate('en');
    }
  });
});

describe('schema.org data', () => {
  it('names the organisation and the three levels with dates, attendance and ₹ offers', () => {
    const graph = jsonLdIn(headTags(publicPageFor('/')!, ORIGIN))['@graph'];
    expect(graph[0]).toMatchObject({ '@type': 'Organization', url: 'https://kids.example/' });
    const events = graph.filter((node) => node['@type'] === 'Event');
    expect(events.map((event) => event.name)).toEqual([
      'Level 1: Preliminary Round · Kids Talent Competition 2027',
      'Level 2: Semi-Finals · Kids Talent Competition 2027',
      'Level 3: Grand Finals · Kids Talent Competition 2027',
    ]);
    expect(events.map((event) => [event.startDate, event.endDate])).toEqual([
      ['2027-04-18T09:00:00+05:30', '2027-04-20T17:00:00+05:30'],
      ['2027-08-29T09:00:00+05:30', '2027-08-31T18:00:00+05:30'],
      ['2027-12-29T16:00:00+05:30', '2027-12-31T20:00:00+05:30'],
    ]);
    expect(events[0]?.offers).toEqual([
      expect.objectContaining({ name: 'Online entry', price: '99', priceCurrency: 'INR' }),
      expect.objectContaining({ name: 'In-person entry', price: '333', priceCurrency: 'INR' }),
    ]);
    expect(events[2]?.location).toMatchObject({ '@type': 'Place', name: 'Music Academy, Royapettah' });
  });

  it('carries only the organisation on pages that are not about the levels', () => {
    expect(structuredData(ORIGIN, { levels: false })['@graph']).toHaveLength(1);
  });
});
