import { categoryBySlug, type CategorySlug } from '@domain/categories';

/** A contest's name as the organisers write it. */
export const categoryName = (slug: CategorySlug) => categoryBySlug(slug).name;

/** An age band as a person reads it: "6-8" -> "ages 6–8". */
export const ageBandName = (band: string) => `ages ${band.replace('-', '–')}`;
