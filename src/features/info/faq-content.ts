import type { AccordionItem } from '@/components/accordion';
import { LEVELS, WORKSHOP_PRICE } from '@/config/season';

const level1 = LEVELS[0];

export const FAQ_ITEMS: readonly AccordionItem[] = [
  {
    question: 'Who can take part?',
    answer:
      'Children from 1 to 17 years in most contests, and babies of 5 to 15 months in our two in-person baby contests (crawling and fastest walking). Institutes can register groups of children too.',
  },
  {
    question: 'How much does it cost?',
    answer: `Level 1 costs ${level1?.fee ?? 'a small fee'} per category. Levels 2 and 3 are free for children who qualify. Summer workshops are ${WORKSHOP_PRICE} for two months.`,
  },
  {
    question: 'Can I register without an internet connection?',
    answer:
      'Yes. The registration form works offline: your entry is saved on your phone and sent automatically as soon as you are back online. You get a reference code straight away.',
  },
  {
    question: 'Can my child enter more than one contest?',
    answer: 'Of course. Choose as many categories as your child enjoys on the registration form; each category is judged separately.',
  },
  {
    question: 'How are children judged?',
    answer:
      'Each category has a panel of at least two trained judges with a written score sheet. Every child receives feedback and a participation certificate.',
  },
  {
    question: 'What if we cannot attend on our slot?',
    answer: 'Call or write to us at least two days before and we will do our best to move you to another slot or centre on the same weekend.',
  },
];
