import type { AccordionItem } from '@/components/accordion';
import { LEVELS, WORKSHOP_PRICE } from '@/config/season';
import { levelText } from '@/config/season-text';
import type { Translate } from '@/lib/i18n/use-t';
import type { Lang } from '@/lib/i18n/languages';

const QUESTIONS = ['who', 'cost', 'offline', 'many', 'judging', 'slot'] as const;

/** The FAQ in the page's language; the fees come from the season data. */
export function faqItems(t: Translate, lang: Lang): readonly AccordionItem[] {
  const level1 = LEVELS[0];
  const values = { fee: level1 ? levelText(level1, lang).fee ?? '' : '', price: WORKSHOP_PRICE };
  return QUESTIONS.map((id) => ({ question: t(`faq.${id}.q`), answer: t(`faq.${id}.a`, values) }));
}
