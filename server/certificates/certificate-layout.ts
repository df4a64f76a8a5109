import { placeLabel } from '@domain/live-judging';
import type { FontWeight, Shaper, ShapedText } from './shaping';

export type CertificateAward = 'winner' | 'runner-up' | 'merit' | 'qualified' | 'participated';
export type CertificateContent = {
  /** e.g. 'C7K2M9QX4TZP8W3N' (shown small at the bottom). */
  id: string;
  language: 'en' | 'ta';
  /** e.g. 'Kids Talent Championship 2026' (shown as given). */
  season: string;
  /** Level 1, the semi-finals or the grand finals. */
  level: 1 | 2 | 3;
  /** The contest's name, already in the certificate's language. */
  contest: string;
  /** e.g. '6–8 years', already in the language. */
  ageBand: string;
  /** Full name as registered; Latin or Tamil script, or both. */
  childName: string;
  award: CertificateAward;
  /** 'YYYY-MM-DD'. */
  issuedOn: string;
  /** A live session's place (issue 45): the title says it ("First place"), and the details where and when. */
  place?: number;
  venue?: string;
  /** 'YYYY-MM-DD'. */
  heldOn?: string;
  /** Printed small under the QR code, and encoded in it. */
  verifyUrl: string;
};

/** A colour as red, green and blue from 0 to 1. */
export type Rgb = readonly [number, number, number];

/** What the design draws on: points, origin at the bottom left (the PDF writer's page). */
export interface CertificateCanvas {
  fillRect(x: number, y: number, width: number, height: number, colour: Rgb): void;
  strokeRect(x: number, y: number, width: number, height: number, lineWidth: number, colour: Rgb): void;
  line(x1: number, y1: number, x2: number, y2: number, lineWidth: number, colour: Rgb): void;
  /** Draws shaped text with its left end at x on the baseline y. */
  text(shaped: ShapedText, x: number, y: number, size: number, colour: Rgb): void;
  /** Draws the QR code of `text` in the square (x, y, size), with its quiet zone painted outside it. */
  qrCode(text: string, x: number, y: number, size: number, colour: Rgb): void;
}

/** A4 landscape, in points. */
export const PAGE_WIDTH = 842;
export const PAGE_HEIGHT = 595;

/** Every line of words on a certificate, in its language. */
export type CertificateWords = {
  season: string;
  title: string;
  certify: string;
  name: string;
  result: string;
  details: string;
  issued: string;
  id: string;
  scan: string;
  url: string;
};

type Language = CertificateContent['language'];

const MONTHS: Record<Language, readonly string[]> = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  ta: ['ஜனவரி', 'பிப்ரவரி', 'மார்ச்', 'ஏப்ரல்', 'மே', 'ஜூன்', 'ஜூலை', 'ஆகஸ்ட்', 'செப்டம்பர்', 'அக்டோபர்', 'நவம்பர்', 'டிசம்பர்'],
};

const LEVELS: Record<Language, Record<CertificateContent['level'], string>> = {
  en: { 1: 'Level 1', 2: 'Semi-finals', 3: 'Grand finals' },
  ta: { 1: 'நிலை 1', 2: 'அரையிறுதி', 3: 'இறுதிப் போட்டி' },
};

type Wording = { title: string; result: string };

/** The title and the result sentence. In Tamil the sentence follows the contest line, so it starts with "in the contest". */
function wording(language: Language, award: CertificateAward, level: CertificateContent['level']): Wording {
  if (language === 'en') {
    switch (award) {
      case 'winner':
        return { title: 'Winner', result: 'won first place in' };
      case 'runner-up':
        return { title: 'Runner-up', result: 'won second place in' };
      case 'merit':
        return { title: 'Certificate of Merit', result: 'earned a certificate of merit in' };
      case 'participated':
        return { title: 'Certificate of Participation', result: 'took part in' };
      case 'qualified':
        if (level === 1) return { title: 'Qualified for the semi-finals', result: 'qualified for the semi-finals in' };
        if (level === 2) return { title: 'Qualified for the grand finals', result: 'qualified for the grand finals in' };
        return { title: 'Grand finalist', result: 'reached the grand finals in' };
    }
  }
  switch (award) {
    case 'winner':
      return { title: 'வெற்றியாளர்', result: 'போட்டியில் முதலிடம் பெற்றார்.' };
    case 'runner-up':
      return { title: 'இரண்டாம் இடம்', result: 'போட்டியில் இரண்டாம் இடம் பெற்றார்.' };
    case 'merit':
      return { title: 'சிறப்புச் சான்றிதழ்', result: 'போட்டியில் சிறப்பாகச் செயல்பட்டுச் சிறப்புச் சான்றிதழ் பெற்றார்.' };
    case 'participated':
      return { title: 'பங்கேற்புச் சான்றிதழ்', result: 'போட்டியில் பங்கேற்றார்.' };
    case 'qualified':
      if (level === 1) return { title: 'அரையிறுதிக்குத் தகுதி', result: 'போட்டியில் அரையிறுதிக்குத் தகுதி பெற்றார்.' };
      if (level === 2) return { title: 'இறுதிப் போட்டிக்குத் தகுதி', result: 'போட்டியில் இறுதிப் போட்டிக்குத் தகுதி பெற்றார்.' };
      return { title: 'இறுதிப் போட்டியாளர்', result: 'போட்டியில் இறுதிச் சுற்றுவரை முன்னேறினார்.' };
  }
}

/** '2026-11-24' as '24 November 2026' or '24 நவம்பர் 2026'. */
export function formatCertificateDate(isoDate: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const month = match ? MONTHS[language][Number(match[2]) - 1] : undefined;
  const day = match ? Number(match[3]) : 0;
  if (!match || !month || day < 1 || day > 31) throw new Error(`Not a date (YYYY-MM-DD): ${isoDate}`);
  return `${day} ${month} ${match[1]}`;
}

/** The words of a certificate, line by line. */
export function certificateWords(content: CertificateContent): CertificateWords {
  const { language } = content;
  const worded = wording(language, content.award, content.level);
  const title = content.place && content.place <= 3 ? placeLabel(content.place, language) : worded.title;
  const { result } = worded;
  const tamil = language === 'ta';
  // NFC: a name typed as e + combining acute prints, and extracts, as é.
  const clean = (text: string): string => text.normalize('NFC').trim().replace(/\s+/g, ' ');
  return {
    season: clean(content.season),
    title,
    certify: tamil ? 'இதன் மூலம் சான்றளிக்கப்படுவது யாதெனில்,' : 'This is to certify that',
    name: clean(content.childName),
    result,
    details: [
      clean(content.contest),
      clean(content.ageBand),
      LEVELS[language][content.level],
      ...(content.venue && content.heldOn ? [`${clean(content.venue)}, ${formatCertificateDate(content.heldOn, language)}`] : []),
    ].join(' · '),
    issued: `${tamil ? 'வழங்கிய நாள்:' : 'Issued on'} ${formatCertificateDate(content.issuedOn, language)}`,
    id: `${tamil ? 'சான்றிதழ் எண்:' : 'Certificate ID:'} ${content.id}`,
    scan: tamil ? 'சரிபார்க்க ஸ்கேன் செய்யவும்' : 'Scan to verify',
    url: content.verifyUrl,
  };
}

const NAVY: Rgb = [0.11, 0.2, 0.37];
const GOLD: Rgb = [0.72, 0.56, 0.24];
const TEAL: Rgb = [0.15, 0.42, 0.44];
const INK: Rgb = [0.13, 0.14, 0.17];
const MUTED: Rgb = [0.4, 0.42, 0.46];

const CENTRE = PAGE_WIDTH / 2;
const TEXT_WIDTH = 640;
const LEFT = 72;
const RIGHT = PAGE_WIDTH - 72;
const QR_SIZE = 84;
const QR_BOTTOM = 98;

type Align = 'left' | 'centre' | 'right';

/** Draws one line at most `size` points, smaller if it would be wider than `maxWidth`: a long name shrinks, never overflows. */
function drawLine(
  canvas: CertificateCanvas,
  shaper: Shaper,
  line: { text: string; weight: FontWeight; size: number; maxWidth: number; x: number; top: number; align: Align; colour: Rgb },
): void {
  const shaped = shaper.shape(line.text, line.weight);
  const size = shaped.width > 0 ? Math.min(line.size, line.maxWidth / shaped.width) : line.size;
  const width = shaped.width * size;
  const x = line.align === 'left' ? line.x : line.align === 'right' ? line.x - width : line.x - width / 2;
  canvas.text(shaped, x, PAGE_HEIGHT - line.top, size, line.colour);
}

/** Draws a certificate on an A4-landscape page: double border, title, name, result, contest, date, id and QR code. */
export function drawCertificate(canvas: CertificateCanvas, content: CertificateContent, shaper: Shaper): void {
  const words = certificateWords(content);
  const centred = (text: string, weight: FontWeight, size: number, top: number, colour: Rgb, maxWidth = TEXT_WIDTH): void =>
    drawLine(canvas, shaper, { text, weight, size, maxWidth, x: CENTRE, top, align: 'centre', colour });

  canvas.strokeRect(22, 22, PAGE_WIDTH - 44, PAGE_HEIGHT - 44, 2.5, NAVY);
  canvas.strokeRect(31, 31, PAGE_WIDTH - 62, PAGE_HEIGHT - 62, 0.75, GOLD);

  centred(words.season, 'regular', 14, 98, TEAL);
  centred(words.title, 'bold', 38, 158, NAVY);
  canvas.line(CENTRE - 45, PAGE_HEIGHT - 184, CENTRE + 45, PAGE_HEIGHT - 184, 1.2, GOLD);
  centred(words.certify, 'regular', 14, 224, INK);
  centred(words.name, 'bold', 36, 284, NAVY, 620);
  canvas.line(CENTRE - 220, PAGE_HEIGHT - 306, CENTRE + 220, PAGE_HEIGHT - 306, 0.6, GOLD);
  // English says what the child did, then where; Tamil names the contest first and ends on the verb.
  const [first, second] = content.language === 'ta' ? [words.details, words.result] : [words.result, words.details];
  centred(first, content.language === 'ta' ? 'bold' : 'regular', 15, 342, INK);
  centred(second, content.language === 'ta' ? 'regular' : 'bold', 15, 370, INK);

  const bottomLeft = { weight: 'regular' as const, maxWidth: 360, x: LEFT, align: 'left' as const };
  drawLine(canvas, shaper, { ...bottomLeft, text: words.issued, size: 12, top: PAGE_HEIGHT - QR_BOTTOM - 14, colour: INK });
  drawLine(canvas, shaper, { ...bottomLeft, text: words.id, size: 8.5, top: PAGE_HEIGHT - 84, colour: MUTED });

  canvas.qrCode(content.verifyUrl, RIGHT - QR_SIZE, QR_BOTTOM, QR_SIZE, INK);
  const bottomRight = { weight: 'regular' as const, maxWidth: 330, x: RIGHT, align: 'right' as const };
  drawLine(canvas, shaper, { ...bottomRight, text: words.scan, size: 9, top: PAGE_HEIGHT - 84, colour: INK });
  drawLine(canvas, shaper, { ...bottomRight, text: words.url, size: 7, top: PAGE_HEIGHT - 72, colour: MUTED });
}
