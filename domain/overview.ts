import type { CategorySlug } from './categories';

/**
 * The season overview as GET /api/overview answers it (server/routes/overview): counts only,
 * never a name or a contact detail. Counted registrations are the live ones plus those the
 * retention job has erased (anonymous rows), so past seasons still chart.
 */
export type Overview = {
  /** Every counted registration. */
  total: number;
  /** Registrations per day of arrival on the server, a day in Chennai (YYYY-MM-DD), oldest first. */
  perDay: { day: string; count: number }[];
  /** Per contest category; a registration in two contests counts in both. Every category, in list order. */
  perCategory: { category: CategorySlug; count: number }[];
  /** The ten cities with the most registrations (by their lower-cased name), then the rest together. */
  perCity: { city: string; count: number }[];
  otherCities: { cities: number; count: number };
  /** Participants (children) against institutes. */
  perType: { type: 'participant' | 'institute'; count: number }[];
  /** Baby contests by age in months, every month of each band (zeros included). */
  babyAges: { category: 'crawling' | 'fastest-walking'; months: number; count: number }[];
  /**
   * Field health, per day of arrival: for records that said when the device saved them, the
   * delay from saving to arriving (seconds), median and worst, and how many came over a day late.
   */
  fieldHealth: { day: string; records: number; medianSeconds: number; worstSeconds: number; overADay: number }[];
  /**
   * The money (ADR 024): what live children's registrations owe, what the ledger holds (payments
   * less refunds; waivers apart), and what was collected per day (in Chennai) and method. Paise.
   */
  money: {
    duePaise: number;
    collectedPaise: number;
    waivedPaise: number;
    perDay: { day: string; method: 'cash' | 'upi' | 'bank'; collectedPaise: number }[];
  };
  /** Records that arrived more than a day after being saved, over the whole season. */
  lateRecords: number;
  /** Erased by the retention job, still counted above. */
  erased: number;
};
