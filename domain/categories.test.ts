import { describe, expect, it } from 'vitest';
import { adminCategoryName, CATEGORIES, CATEGORY_SLUGS, categoryByName, categoryBySlug, isCategorySlug } from './categories';

describe('categories', () => {
  it('lists the twelve contests once each, slugs and paths unique', () => {
    expect(CATEGORIES).toHaveLength(12);
    expect(new Set(CATEGORY_SLUGS).size).toBe(12);
    expect(new Set(CATEGORIES.map((c) => c.path)).size).toBe(12);
  });

  it.each([
    ['dance', true],
    ['spelling-bee', true],
    ['art-craft', true],
    ['Dance', false],
    ['art', false],
    ['karate', false],
    ['', false],
  ])('isCategorySlug(%j) is %s', (value, expected) => {
    expect(isCategorySlug(value)).toBe(expected);
  });

  it.each([
    ['spelling-bee', 'Spelling Bee', 'Reading Wizards', '/contest/spelling-bee'],
    ['art-craft', 'Art & Craft', 'Art & Craft', '/contest/art'],
    ['crawling', 'Crawling (5-9 months) - In Person', 'Crawling (5-9 months) - In Person', '/contest/crawling'],
  ] as const)('%s is named %j, carded %j, at %s', (slug, name, cardLabel, path) => {
    expect(categoryBySlug(slug)).toMatchObject({ name, cardLabel, path });
  });

  it.each([
    ['Dance Challenge', 'dance'],
    ['  singing contest ', 'singing'],
    ['CRAWLING (5-9 MONTHS) - IN PERSON', 'crawling'],
    // The admin name (without " - In Person") is found too.
    ['Fastest Walking (9-15 months)', 'fastest-walking'],
    ['Reading Wizards', undefined],
    ['dance', undefined],
  ])('categoryByName(%j) finds %s', (name, slug) => {
    expect(categoryByName(name)?.slug).toBe(slug);
  });

  it.each([
    ['fastest-walking', 'Fastest Walking (9-15 months)'],
    ['crawling', 'Crawling (5-9 months)'],
    ['yoga', 'Yoga Competition'],
    ['art-craft', 'Art & Craft'],
  ] as const)('the admin table names %s %j', (slug, name) => {
    expect(adminCategoryName(categoryBySlug(slug))).toBe(name);
  });
});
