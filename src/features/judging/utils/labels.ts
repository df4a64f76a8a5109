import type { CategorySlug } from '@domain/categories';
import { contestName } from '@domain/contest-names';
import type { Lang } from '@/lib/i18n/languages';
import type { Translate } from '@/lib/i18n/use-t';

/** A contest's name as the organisers write it, or in Tamil with their English in brackets. */
export const categoryName = (slug: CategorySlug, lang: Lang) => contestName(slug, lang);

/** An age band as a person reads it: "6-8" -> "ages 6–8" ("வயது 6–8"). */
export const ageBandName = (band: string, t: Translate) => t('judging.ageBand', { band: band.replace('-', '–') });
