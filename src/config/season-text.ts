import { localizeData } from '@/lib/i18n/localize-data';
import type { Lang } from '@/lib/i18n/languages';
import { COORDINATORS, COURSES, LEVELS, SPONSORS, WEBINAR, WORKSHOP_DURATION, WORKSHOP_OFFER, WORKSHOPS, type Coordinator, type Course, type Level, type Sponsor, type Workshop } from './season';

/**
 * The season data's texts in the page's language (ADR 015): the Tamil is in src/locales/ta.po
 * under these ids; src/locales/catalogs.test.ts checks that every one exists. A level's Tamil
 * dates are written in the catalog too (the test checks them against Intl's date range): the
 * first Intl formatter a page makes costs ~50 ms on a slow phone, and they are on every page that
 * shows a level.
 */
export const LEVEL_TEXT_FIELDS = ['title', 'date', 'description', 'venue', 'format', 'fee', 'requirements', 'timeline', 'locations', 'schedule', 'amenities'] as const;
export const WORKSHOP_TEXT_FIELDS = ['title', 'description'] as const;
export const COURSE_TEXT_FIELDS = ['title', 'level', 'schedule', 'description'] as const;
export const WEBINAR_TEXT_FIELDS = ['title', 'subtitle', 'dateLabel', 'timeLabel', 'platform', 'registeredNote'] as const;

export const levelText = (level: Level, lang: Lang): Level => localizeData(level, `data.level.${level.id}`, LEVEL_TEXT_FIELDS, lang);
export const levelsText = (lang: Lang): readonly Level[] => LEVELS.map((level) => levelText(level, lang));
export const workshopsText = (lang: Lang): readonly Workshop[] =>
  WORKSHOPS.map((workshop) => localizeData(workshop, `data.workshop.${workshop.id}`, WORKSHOP_TEXT_FIELDS, lang));
export const coursesText = (lang: Lang): readonly Course[] => COURSES.map((course) => localizeData(course, `data.course.${course.id}`, COURSE_TEXT_FIELDS, lang));
export const coordinatorText = (key: keyof typeof COORDINATORS, lang: Lang): Coordinator =>
  localizeData(COORDINATORS[key], `data.coordinator.${key}`, ['role'], lang);
export const sponsorsText = (lang: Lang): readonly Sponsor[] => SPONSORS.map((sponsor) => localizeData(sponsor, `data.sponsor.${sponsor.id}`, ['tagline'], lang));

export function webinarText(lang: Lang) {
  const text = localizeData({ ...WEBINAR }, 'data.webinar', WEBINAR_TEXT_FIELDS, lang);
  const topics = WEBINAR.topics.map((topic, index) => localizeData(topic, `data.webinar.topics.${index}`, ['title', 'text'], lang));
  return { ...text, topics };
}

export function workshopTermsText(lang: Lang) {
  return localizeData({ duration: WORKSHOP_DURATION, offer: WORKSHOP_OFFER }, 'data.workshop', ['duration', 'offer'], lang);
}
