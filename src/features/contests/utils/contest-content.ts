import { coordinatorText } from '@/config/season-text';
import type { Lang } from '@/lib/i18n/languages';
import { localizeData } from '@/lib/i18n/localize-data';
import { CATEGORIES, type CategorySlug } from '@domain/categories';
import { COORDINATORS, type Coordinator, type IconName } from '@/config/season';

export type ContestContent = {
  slug: CategorySlug;
  title: string;
  tagline: string;
  /** The card's short line on /contest/category. */
  cardTagline: string;
  welcome: readonly string[];
  icon: IconName;
  coordinator: Coordinator;
  /** Two gradient stops for the animated background. */
  colors: readonly [string, string];
};

/** The text fields of a contest, translated in the catalogs under data.contest.<slug>.<field> (ADR 015). */
export const CONTEST_TEXT_FIELDS = ['title', 'tagline', 'cardTagline', 'welcome'] as const;

export const CONTESTS: Record<CategorySlug, ContestContent> = {
  dance: {
    slug: 'dance',
    title: 'Dance Challenge',
    tagline: 'Classical, folk or freestyle: let the rhythm lead.',
    cardTagline: 'Bharatanatyam to hip-hop, every style welcome.',
    welcome: [
      'Welcome, little dancers! Whether your child has trained in Bharatanatyam for years or simply cannot stop moving when a song plays, this stage is for them.',
      'Solo performances of up to 3 minutes in Level 1. Judges look at rhythm, expression and the joy on stage, not at the price of the costume.',
    ],
    icon: 'dance',
    coordinator: COORDINATORS.performing,
    colors: ['#b3261e', '#6a1b9a'],
  },
  singing: {
    slug: 'singing',
    title: 'Singing Contest',
    tagline: 'One voice, one song, a whole audience listening.',
    cardTagline: 'Carnatic, film songs, western: sing your heart out.',
    welcome: [
      'Every voice deserves to be heard. Children may sing in any language and any style: a Carnatic kriti, a Tamil film song or a favourite English tune.',
      'Songs of up to 3 minutes, with or without a backing track. Our judges listen for pitch, feeling and a brave first note.',
    ],
    icon: 'mic',
    coordinator: COORDINATORS.performing,
    colors: ['#00695c', '#1565c0'],
  },
  drawing: {
    slug: 'drawing',
    title: 'Drawing Competition',
    tagline: 'A pencil, a paper and a world of imagination.',
    cardTagline: 'Sketch the world the way only you see it.',
    welcome: [
      'Give your child a theme and an hour, and watch what appears. Themes are announced on the day, so every child starts from the same blank sheet.',
      'Pencils, crayons and pastels are all welcome. We judge imagination, effort and storytelling more than perfect lines.',
    ],
    icon: 'pen',
    coordinator: COORDINATORS.visual,
    colors: ['#4e342e', '#c2410c'],
  },
  costume: {
    slug: 'costume',
    title: 'Costume Parade',
    tagline: 'Walk the ramp as anyone you dream to be.',
    cardTagline: 'Freedom fighters, superheroes, planets and more.',
    welcome: [
      'A freedom fighter, a mango tree, the planet Saturn? In the Costume Parade children walk the ramp as anything they dream to be, and tell us about it in one line.',
      'Home-made costumes are warmly encouraged. Creativity and confidence count far more than shop-bought sparkle.',
    ],
    icon: 'mask',
    coordinator: COORDINATORS.performing,
    colors: ['#ad1457', '#6a1b9a'],
  },
  storytelling: {
    slug: 'storytelling',
    title: 'Storytelling',
    tagline: 'Once upon a time, your child held the whole room.',
    cardTagline: 'Tales told with voice, face and heart.',
    welcome: [
      'Panchatantra, Tenali Raman or a story your child made up last night: every tale is welcome. Stories of up to 4 minutes, in English or Tamil.',
      'We listen for expression, voice and how well the story carries its listeners along.',
    ],
    icon: 'star',
    coordinator: COORDINATORS.words,
    colors: ['#c2410c', '#b3261e'],
  },
  'spelling-bee': {
    slug: 'spelling-bee',
    title: 'Reading Wizards',
    tagline: 'Read aloud, spell it right, and watch the words come alive.',
    cardTagline: 'Reading aloud and spelling bee rounds.',
    welcome: [
      'Our reading and spelling rounds are for children who love words. Age-wise word lists are shared after registration so children can practise at home.',
      'A reading-aloud round and a spelling round, friendly and fair, with a kind word for every attempt.',
    ],
    icon: 'book',
    coordinator: COORDINATORS.words,
    colors: ['#283593', '#00695c'],
  },
  coloring: {
    slug: 'coloring',
    title: 'Coloring Competition',
    tagline: 'Bright colours, steady hands, happy hearts.',
    cardTagline: 'For our youngest artists, crayons ready.',
    welcome: [
      'Perfect for our youngest artists. Each child receives the same outline sheet and colours it in any way they like.',
      'We look at colour choices, neatness for the age and that proud smile when the sheet is handed in.',
    ],
    icon: 'palette',
    coordinator: COORDINATORS.visual,
    colors: ['#e0457b', '#c2410c'],
  },
  handwriting: {
    slug: 'handwriting',
    title: 'Handwriting Competition',
    tagline: 'Neat letters, steady lines, a page to be proud of.',
    cardTagline: 'Beautiful, legible writing in English or Tamil.',
    welcome: [
      'Good handwriting is a quiet superpower. Children copy a short passage in English or Tamil, in print or cursive, in the time given.',
      'Judged on legibility, spacing, consistency and overall neatness for the age group.',
    ],
    icon: 'pen',
    coordinator: COORDINATORS.words,
    colors: ['#37474f', '#283593'],
  },
  'fastest-walking': {
    slug: 'fastest-walking',
    title: 'Fastest Walking (9-15 months)',
    tagline: 'Tiny steps, huge cheers. In person only.',
    cardTagline: 'Wobbly first steps, loudest cheers.',
    welcome: [
      'For our newest walkers, aged 9 to 15 months. A short, soft-matted track, a parent waiting at the finish with a favourite toy, and a hall full of cheering families.',
      'Held in person only. Every baby who takes part goes home with a medal and a certificate, whichever direction they walk.',
    ],
    icon: 'walk',
    coordinator: COORDINATORS.babies,
    colors: ['#2e7d32', '#00695c'],
  },
  crawling: {
    slug: 'crawling',
    title: 'Crawling (5-9 months)',
    tagline: 'On your marks, get set, crawl! In person only.',
    cardTagline: 'The cutest race of the season.',
    welcome: [
      'The sweetest race of the season, for babies aged 5 to 9 months, on clean, padded mats with a parent calling from the other end.',
      'Held in person only, with a feeding room and changing area nearby. Every little crawler gets a medal and a photo moment.',
    ],
    icon: 'baby',
    coordinator: COORDINATORS.babies,
    colors: ['#ad1457', '#e0457b'],
  },
  'art-craft': {
    slug: 'art-craft',
    title: 'Art & Craft Showcase',
    tagline: 'Paper, clay, beads and big ideas.',
    cardTagline: 'Make something wonderful with your hands.',
    welcome: [
      'Clay, paper, beads or things from the recycling box: children make something wonderful with their hands and tell us the idea behind it.',
      'Entries can be made on the day or brought from home for the online round. We judge originality, effort and finish.',
    ],
    icon: 'scissors',
    coordinator: COORDINATORS.visual,
    colors: ['#6a1b9a', '#1565c0'],
  },
  yoga: {
    slug: 'yoga',
    title: 'Yoga Competition',
    tagline: 'Balance, breath and a calm, strong body.',
    cardTagline: 'Asanas held with grace and focus.',
    welcome: [
      'Children show a short sequence of asanas of their choice, with steady breathing and a calm mind.',
      'Judges look at posture, balance, flexibility for the age and the grace of the transitions.',
    ],
    icon: 'yoga',
    coordinator: COORDINATORS.words,
    colors: ['#2e7d32', '#1565c0'],
  },
};

/** Maps a /contest/:slug segment to a category: /contest/art and /contest/Art are both Art & Craft. */
export function contestForPathSegment(segment: string | undefined): ContestContent | undefined {
  if (!segment) return undefined;
  const path = `/contest/${segment.toLowerCase()}`;
  const category = CATEGORIES.find((c) => c.path === path);
  return category ? CONTESTS[category.slug] : undefined;
}

/** A contest's texts in the page's language (the Tamil is in src/locales/ta.po; ADR 015). */
export function contestText(contest: ContestContent, lang: Lang): ContestContent {
  if (lang === 'en') return contest;
  const key = (Object.keys(COORDINATORS) as (keyof typeof COORDINATORS)[]).find((k) => COORDINATORS[k] === contest.coordinator);
  return {
    ...localizeData(contest, `data.contest.${contest.slug}`, CONTEST_TEXT_FIELDS, lang),
    coordinator: key ? coordinatorText(key, lang) : contest.coordinator,
  };
}
