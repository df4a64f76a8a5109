import { z } from './zod';
import { CATEGORY_SLUGS } from './categories';

/**
 * Certificates and public results (issue 25, docs/decisions/028): who gets which award, how a
 * child appears on a public results page, and the certificate ids the QR codes carry.
 */

export const AWARDS = ['winner', 'runner-up', 'merit', 'qualified', 'participated'] as const;
export type Award = (typeof AWARDS)[number];

/**
 * The award of a published result: first place wins, second is the runner-up, third earns merit
 * (ties share a place, so share the award), any other child who goes through has qualified, and
 * every other child who took part gets participation.
 */
export function awardFor(result: { place: number | null; qualifies: boolean | null }): Award {
  if (result.place === 1) return 'winner';
  if (result.place === 2) return 'runner-up';
  if (result.place === 3) return 'merit';
  if (result.qualifies) return 'qualified';
  return 'participated';
}

/** How a family's child appears on public results pages: first name and initial, or the reference code only. */
export const RESULTS_NAMES = ['initial', 'code'] as const;
export type ResultsName = (typeof RESULTS_NAMES)[number];

export const resultsNameSchema = z.object({
  resultsName: z.enum(RESULTS_NAMES, { error: 'Choose how your child appears on the results: name and initial, or reference code only.' }),
});

let segmenter: Intl.Segmenter | undefined;
/**
 * Made on first use: creating one loads the text-boundary data (10 ms in Node here, more on a
 * slow phone), which the pages that import this module for its schemas and labels never need.
 */
const graphemes = () => (segmenter ??= new Intl.Segmenter('und', { granularity: 'grapheme' }));
const firstGrapheme = (word: string) => graphemes().segment(word)[Symbol.iterator]().next().value?.segment ?? '';
/** "R.", "R", "K.S.": an initial written before or after the given name, as Tamil names often are. */
const isInitial = (word: string) =>
  word
    .split('.')
    .filter(Boolean)
    .every((part) => [...graphemes().segment(part)].length === 1);

/**
 * A full name as a public results page shows it: the given name and one initial ("Priya S.",
 * "R. Priya" -> "Priya R.", "ஸ்ரீநிதி ராமன்" -> "ஸ்ரீநிதி ரா."), never the whole name. An initial is
 * the first grapheme, so a Tamil letter keeps its vowel sign.
 */
export function publicName(fullName: string): string {
  const words = fullName.trim().split(/\s+/u).filter(Boolean);
  if (words.length === 0) return '';
  const given = words.find((word) => !isInitial(word)) ?? words[0]!;
  const other = words.find((word) => word !== given);
  return other ? `${given} ${firstGrapheme(other)}.` : given;
}

/**
 * A certificate id: 16 characters of lower-case base32 (80 random bits), unguessable, so the
 * verification page cannot be walked to list children's names.
 */
export const CERTIFICATE_ID = /^[a-z2-7]{16}$/;
/** The check page a certificate's QR code opens, in the certificate's language (`/ta/verify/<id>` for Tamil). */
export function verifyPath(id: string, language: 'en' | 'ta'): string {
  return `${language === 'ta' ? '/ta' : ''}/verify/${id}`;
}

export const certificateIdSchema = z.object({
  id: z
    .string()
    .transform((id) => id.trim().toLowerCase())
    .pipe(z.string().regex(CERTIFICATE_ID, { error: 'That is not a certificate id: it has 16 letters and digits.' })),
});

export const revokeSchema = z.object({
  reason: z.string().trim().min(3, { error: 'Say why the certificate is revoked (at least 3 characters).' }).max(300, { error: 'Keep the reason under 300 characters.' }),
});

export const issueSchema = z.object({
  levelId: z.enum(['level1'], { error: 'Certificates are issued for Level 1 for now.' }),
});

/** What a bundle for printing holds: one contest, or one venue session's children. */
export const printSchema = z
  .object({
    levelId: z.enum(['level1']).default('level1'),
    category: z.enum(CATEGORY_SLUGS).optional(),
    sessionId: z.string().max(100).optional(),
  })
  .refine((query) => Boolean(query.category) !== Boolean(query.sessionId), { error: 'Choose a contest or a venue session to print.' });

/** What a certificate says, signed (the JWS payload) and shown by the verification page. No contact details. */
export type CertificateStatement = {
  /** e.g. 'C7K2M9QX4TZP8W3N' (shown small at the bottom). */
  id: string;
  language: 'en' | 'ta';
  /** e.g. 'Kids Talent Championship 2026' (shown as given). */
  season: string;
  /** Level 1, the semi-finals or the grand finals. */
  level: 1 | 2 | 3;
  /** The contest's name, already in the certificate's language. */
  contest: string;
  category: string;
  /** e.g. '6–8 years', already in the language. */
  ageBand: string;
  /** Full name as registered; Latin or Tamil script, or both. */
  childName: string;
  award: Award;
  /** 'YYYY-MM-DD'. */
  issuedOn: string;
  /** A live session's place (issue 45): the title says it ("First place"), and the details where and on which day ('YYYY-MM-DD') the session was held. */
  place?: number;
  venue?: string;
  heldOn?: string;
};

/** The baby contests' bands, in months, as certificates and results pages name them. */
const MONTH_BANDS: Record<string, string> = { crawling: '5-9m', 'fastest-walking': '9-15m' };

/** A contest's age band id: the judging band ('6-8') or a baby contest's months ('5-9m'). */
export function certificateBand(category: string, judgingBand: string | null): string {
  return MONTH_BANDS[category] ?? judgingBand ?? 'all';
}

/** An age band in words: "6–8 years" / "6–8 வயது", "5–9 months" / "5–9 மாதங்கள்". */
export function ageBandLabel(band: string, language: 'en' | 'ta'): string {
  const months = band.endsWith('m');
  const [from, to] = band.replace(/m$/, '').split('-');
  if (!from || !to) return language === 'ta' ? 'எல்லா வயதினரும்' : 'All ages';
  if (months) return language === 'ta' ? `${from}–${to} மாதங்கள்` : `${from}–${to} months`;
  return language === 'ta' ? `${from}–${to} வயது` : `${from}–${to} years`;
}

/** An award in words, in the family's language. */
export function awardLabel(award: Award, language: 'en' | 'ta'): string {
  const words: Record<Award, [string, string]> = {
    winner: ['Winner', 'வெற்றியாளர்'],
    'runner-up': ['Runner-up', 'இரண்டாம் இடம்'],
    merit: ['Merit', 'சிறப்புத் தகுதி'],
    qualified: ['Qualified for the semi-finals', 'அரையிறுதிக்குத் தகுதி'],
    participated: ['Participated', 'பங்கேற்பு'],
  };
  return words[award][language === 'ta' ? 1 : 0];
}
