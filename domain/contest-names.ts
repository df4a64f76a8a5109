import { categoryBySlug, type CategorySlug } from './categories';
import type { Language } from './languages';
import { LEVELS, type LevelId } from './season';

/** Tamil contest names keep the organisers' English in brackets (src/locales/README.md). */
export const TAMIL_CATEGORY: Record<CategorySlug, string> = {
  dance: 'நடனப் போட்டி (Dance Challenge)',
  singing: 'பாட்டுப் போட்டி (Singing Contest)',
  drawing: 'ஓவியப் போட்டி (Drawing Competition)',
  costume: 'மாறுவேடப் போட்டி (Costume Parade)',
  storytelling: 'கதை சொல்லுதல் (Storytelling)',
  'spelling-bee': 'எழுத்துக்கூட்டல் (Spelling Bee)',
  coloring: 'வண்ணம் தீட்டும் போட்டி (Coloring Competition)',
  handwriting: 'கையெழுத்து (Handwriting)',
  'fastest-walking': 'வேகமான நடை (9-15 மாதங்கள்) - நேரில் (Fastest Walking)',
  crawling: 'தவழும் போட்டி (5-9 மாதங்கள்) - நேரில் (Crawling)',
  'art-craft': 'கலை & கைவினை (Art & Craft)',
  yoga: 'யோகா போட்டி (Yoga Competition)',
};
export const TAMIL_LEVEL: Record<LevelId, string> = {
  level1: 'நிலை 1: முதல் சுற்று (Preliminary Round)',
  level2: 'நிலை 2: அரையிறுதி (Semi-Finals)',
  level3: 'நிலை 3: மாபெரும் இறுதிப் போட்டி (Grand Finals)',
};


/** A contest's name in a language: the site's English name, or the Tamil with the English in brackets. */
export function contestName(slug: CategorySlug, language: Language): string {
  return language === 'ta' ? TAMIL_CATEGORY[slug] : categoryBySlug(slug).name;
}

/** A level's title in a language ("Level 1: Preliminary Round"). */
export function levelName(levelId: LevelId, language: Language): string {
  return language === 'ta' ? TAMIL_LEVEL[levelId] : (LEVELS.find((level) => level.id === levelId)?.title ?? levelId);
}
