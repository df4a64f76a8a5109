/** The one list of contest categories (docs/product.md, "Categories"). */
export const CATEGORIES = [
  { slug: 'dance', name: 'Dance Challenge', cardLabel: 'Dance Challenge', path: '/contest/dance' },
  { slug: 'singing', name: 'Singing Contest', cardLabel: 'Singing Contest', path: '/contest/singing' },
  { slug: 'drawing', name: 'Drawing Competition', cardLabel: 'Drawing Competition', path: '/contest/drawing' },
  { slug: 'costume', name: 'Costume Parade', cardLabel: 'Costume Parade', path: '/contest/costume' },
  { slug: 'storytelling', name: 'Storytelling', cardLabel: 'Storytelling', path: '/contest/storytelling' },
  { slug: 'spelling-bee', name: 'Spelling Bee', cardLabel: 'Reading Wizards', path: '/contest/spelling-bee' },
  { slug: 'coloring', name: 'Coloring Competition', cardLabel: 'Coloring Competition', path: '/contest/coloring' },
  { slug: 'handwriting', name: 'Handwriting', cardLabel: 'Handwriting', path: '/contest/handwriting' },
  {
    slug: 'fastest-walking',
    name: 'Fastest Walking (9-15 months) - In Person',
    cardLabel: 'Fastest Walking (9-15 months) - In Person',
    path: '/contest/fastest-walking',
  },
  {
    slug: 'crawling',
    name: 'Crawling (5-9 months) - In Person',
    cardLabel: 'Crawling (5-9 months) - In Person',
    path: '/contest/crawling',
  },
  { slug: 'art-craft', name: 'Art & Craft', cardLabel: 'Art & Craft', path: '/contest/art' },
  { slug: 'yoga', name: 'Yoga Competition', cardLabel: 'Yoga Competition', path: '/contest/yoga' },
] as const;

export type Category = (typeof CATEGORIES)[number];
export type CategorySlug = Category['slug'];

export const CATEGORY_SLUGS = CATEGORIES.map((c) => c.slug) as [CategorySlug, ...CategorySlug[]];

const bySlug = new Map<string, Category>(CATEGORIES.map((c) => [c.slug, c]));
const byName = new Map<string, Category>(
  CATEGORIES.flatMap((c) => [
    [c.name.toLowerCase(), c],
    [adminCategoryName(c).toLowerCase(), c],
  ]),
);

export function isCategorySlug(value: string): value is CategorySlug {
  return bySlug.has(value);
}

export function categoryBySlug(slug: CategorySlug): Category {
  // Every CategorySlug is in the map by construction.
  return bySlug.get(slug) as Category;
}

/** Finds a category by its registration name (as the legacy API sends it), case-insensitively. */
export function categoryByName(name: string): Category | undefined {
  return byName.get(name.trim().toLowerCase());
}

/** The admin table shows the two baby categories without " - In Person", as the original site did. */
export function adminCategoryName(category: Category): string {
  return category.name.replace(/ - In Person$/, '');
}
