import type { CategorySlug } from '@domain/categories';
import { categoryLabel } from '../utils/format';

/** A select's options for the given contests, by their admin names. */
export function ContestOptions({ slugs }: { slugs: readonly CategorySlug[] }) {
  return slugs.map((slug) => (
    <option key={slug} value={slug}>
      {categoryLabel(slug)}
    </option>
  ));
}
