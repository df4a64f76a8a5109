import type { Award, CertificateStatement } from '@domain/certificates';
import { placeLabel } from '@domain/live-judging';
import { finaleTitle } from '@domain/later-levels';
import { CERTIFICATE_SIGNATORIES } from '@domain/season';
import type { CertificateCanvas, PathOp, Rgb } from './canvas';
import { circlePath, drawEmblem, starPath } from './emblem';
import type { FontWeight, Shaper } from './shaping';

/** What a certificate says, and the verification page's address: printed small under the QR code, and encoded in it. */
export type CertificateContent = Omit<CertificateStatement, 'category'> & { verifyUrl: string };

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
  organiser: string;
  organiserTitle: string;
  headJudge: string;
  headJudgeTitle: string;
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
function wording(language: Language, award: Award, level: CertificateContent['level']): Wording {
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
  // The grand finale's first three carry their titles (issue 46): Champion, First and Second runner-up.
  const finale = content.level === 3 ? finaleTitle(content.place ?? null, language) : null;
  const title = finale ?? (content.place && content.place <= 3 ? placeLabel(content.place, language) : worded.title);
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
    organiser: CERTIFICATE_SIGNATORIES.organiser.name[language],
    organiserTitle: CERTIFICATE_SIGNATORIES.organiser.title[language],
    headJudge: CERTIFICATE_SIGNATORIES.headJudge.name[language],
    headJudgeTitle: CERTIFICATE_SIGNATORIES.headJudge.title[language],
  };
}

const NAVY: Rgb = [0.11, 0.2, 0.37];
const GOLD: Rgb = [0.72, 0.56, 0.24];
const PALE_GOLD: Rgb = [0.99, 0.96, 0.88];
const TEAL: Rgb = [0.15, 0.42, 0.44];
const INK: Rgb = [0.13, 0.14, 0.17];
const MUTED: Rgb = [0.4, 0.42, 0.46];

const CENTRE = PAGE_WIDTH / 2;
const TEXT_WIDTH = 640;
const LEFT = 72;
const RIGHT = PAGE_WIDTH - 72;
const QR_SIZE = 76;
const QR_BOTTOM = 58;
/** Where the emblem sits: its size, the top of its square (from the page's top) and its centre. */
export const EMBLEM_SIZE = 58;
export const EMBLEM_TOP = 46;
export const CENTRE_OF_EMBLEM = PAGE_WIDTH / 2;
/** The border's insets: a navy frame, a chain of gold diamonds, a gold rule; the content stays inside `inner`. */
const BORDER = { outer: 18, chain: 27, inner: 35 };
/** Each signature's line, from the page's top, and half its width. */
const SIGNATURE = { lineTop: 428, halfWidth: 95 };
const SEAL_RADIUS = 38;

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

function diamond(cx: number, cy: number, half: number): PathOp[] {
  return [['M', cx, cy + half], ['L', cx + half, cy], ['L', cx, cy - half], ['L', cx - half, cy], ['Z']];
}

/** The frame's shapes, the same on every page: a chain of gold diamonds, and the navy corner blocks with their stars. */
function frameShapes(): { chain: PathOp[]; corners: { x: number; y: number; size: number; star: PathOp[] }[] } {
  const chain: PathOp[] = [];
  const step = 12;
  const corner = BORDER.inner + 4;
  for (const [from, to, along] of [
    [corner, PAGE_WIDTH - corner, (t: number) => [t, BORDER.chain] as const],
    [corner, PAGE_WIDTH - corner, (t: number) => [t, PAGE_HEIGHT - BORDER.chain] as const],
    [corner, PAGE_HEIGHT - corner, (t: number) => [BORDER.chain, t] as const],
    [corner, PAGE_HEIGHT - corner, (t: number) => [PAGE_WIDTH - BORDER.chain, t] as const],
  ] as const) {
    const count = Math.floor((to - from) / step);
    const first = from + (to - from - count * step) / 2;
    for (let index = 0; index <= count; index++) {
      const [x, y] = along(first + index * step);
      chain.push(...diamond(x, y, 2.6));
    }
  }
  const size = BORDER.inner - BORDER.outer + 4;
  const corners = (
    [
      [BORDER.outer - 2, BORDER.outer - 2],
      [PAGE_WIDTH - BORDER.outer + 2 - size, BORDER.outer - 2],
      [BORDER.outer - 2, PAGE_HEIGHT - BORDER.outer + 2 - size],
      [PAGE_WIDTH - BORDER.outer + 2 - size, PAGE_HEIGHT - BORDER.outer + 2 - size],
    ] as const
  ).map(([x, y]) => ({ x, y, size, star: starPath(x + size / 2, y + size / 2, size * 0.62) }));
  return { chain, corners };
}

/** The seal's shapes: a gold rosette, a pale disc with two rings, and the emblem's star. */
function sealShapes(cx: number, cy: number): { rosette: PathOp[]; disc: PathOp[]; rings: [PathOp[], PathOp[]]; star: PathOp[] } {
  const rosette: PathOp[] = [];
  const points = 40;
  for (let index = 0; index < points * 2; index++) {
    const angle = (Math.PI * index) / points;
    const radius = index % 2 === 0 ? SEAL_RADIUS : SEAL_RADIUS * 0.9;
    rosette.push([index === 0 ? 'M' : 'L', cx + radius * Math.sin(angle), cy + radius * Math.cos(angle)]);
  }
  rosette.push(['Z']);
  return {
    rosette,
    disc: circlePath(cx, cy, SEAL_RADIUS * 0.78),
    rings: [circlePath(cx, cy, SEAL_RADIUS * 0.7), circlePath(cx, cy, SEAL_RADIUS * 0.64)],
    star: starPath(cx, cy, SEAL_RADIUS * 0.85),
  };
}

const FRAME = frameShapes();
const SEAL = sealShapes(CENTRE, PAGE_HEIGHT - SIGNATURE.lineTop - 10);
const TITLE_RULE_TOP = 193;
const TITLE_DIAMOND = diamond(CENTRE, PAGE_HEIGHT - TITLE_RULE_TOP, 3.5);

/** The frame: navy outside, the chain of gold diamonds, a thin gold rule inside, a navy block with a gold star at each corner. */
function drawBorder(canvas: CertificateCanvas): void {
  canvas.strokeRect(BORDER.outer, BORDER.outer, PAGE_WIDTH - 2 * BORDER.outer, PAGE_HEIGHT - 2 * BORDER.outer, 3, NAVY);
  canvas.strokeRect(BORDER.inner, BORDER.inner, PAGE_WIDTH - 2 * BORDER.inner, PAGE_HEIGHT - 2 * BORDER.inner, 0.9, GOLD);
  canvas.fillPath(FRAME.chain, GOLD);
  for (const corner of FRAME.corners) {
    canvas.fillRect(corner.x, corner.y, corner.size, corner.size, NAVY);
    canvas.fillPath(corner.star, GOLD);
  }
}

/** The seal between the two signatures. */
function drawSeal(canvas: CertificateCanvas): void {
  canvas.fillPath(SEAL.rosette, GOLD);
  canvas.fillPath(SEAL.disc, PALE_GOLD);
  canvas.strokePath(SEAL.rings[0], 0.8, GOLD);
  canvas.strokePath(SEAL.rings[1], 0.4, GOLD);
  canvas.fillPath(SEAL.star, GOLD);
}

/** A signature line with the signatory's name and title under it, centred on x. */
function drawSignature(canvas: CertificateCanvas, shaper: Shaper, x: number, name: string, title: string): void {
  canvas.line(x - SIGNATURE.halfWidth, PAGE_HEIGHT - SIGNATURE.lineTop, x + SIGNATURE.halfWidth, PAGE_HEIGHT - SIGNATURE.lineTop, 0.7, INK);
  const line = { maxWidth: 2 * SIGNATURE.halfWidth, x, align: 'centre' as const };
  drawLine(canvas, shaper, { ...line, text: name, weight: 'bold', size: 11, top: SIGNATURE.lineTop + 17, colour: NAVY });
  drawLine(canvas, shaper, { ...line, text: title, weight: 'regular', size: 9.5, top: SIGNATURE.lineTop + 31, colour: MUTED });
}

/**
 * Draws a certificate on an A4-landscape page: the frame, the emblem, title, name, result and
 * contest, the signatures of the organiser and the head judge around the seal, the date, id and
 * QR code.
 */
export function drawCertificate(canvas: CertificateCanvas, content: CertificateContent, shaper: Shaper): void {
  const words = certificateWords(content);
  const centred = (text: string, weight: FontWeight, size: number, top: number, colour: Rgb, maxWidth = TEXT_WIDTH): void =>
    drawLine(canvas, shaper, { text, weight, size, maxWidth, x: CENTRE, top, align: 'centre', colour });

  drawBorder(canvas);
  drawEmblem(canvas, shaper, CENTRE_OF_EMBLEM - EMBLEM_SIZE / 2, PAGE_HEIGHT - EMBLEM_TOP, EMBLEM_SIZE);

  centred(words.season, 'regular', 13, 128, TEAL, 520);
  centred(words.title, 'bold', 34, 176, NAVY);
  canvas.line(CENTRE - 60, PAGE_HEIGHT - TITLE_RULE_TOP, CENTRE - 8, PAGE_HEIGHT - TITLE_RULE_TOP, 1.2, GOLD);
  canvas.fillPath(TITLE_DIAMOND, GOLD);
  canvas.line(CENTRE + 8, PAGE_HEIGHT - TITLE_RULE_TOP, CENTRE + 60, PAGE_HEIGHT - TITLE_RULE_TOP, 1.2, GOLD);
  centred(words.certify, 'regular', 14, 228, INK);
  centred(words.name, 'bold', 34, 280, NAVY, 620);
  canvas.line(CENTRE - 220, PAGE_HEIGHT - 300, CENTRE + 220, PAGE_HEIGHT - 300, 0.6, GOLD);
  // English says what the child did, then where; Tamil names the contest first and ends on the verb.
  const [first, second] = content.language === 'ta' ? [words.details, words.result] : [words.result, words.details];
  centred(first, content.language === 'ta' ? 'bold' : 'regular', 15, 334, INK);
  centred(second, content.language === 'ta' ? 'regular' : 'bold', 15, 360, INK);

  drawSignature(canvas, shaper, CENTRE - 185, words.organiser, words.organiserTitle);
  drawSeal(canvas);
  drawSignature(canvas, shaper, CENTRE + 185, words.headJudge, words.headJudgeTitle);

  const bottomLeft = { weight: 'regular' as const, maxWidth: 300, x: LEFT, align: 'left' as const };
  drawLine(canvas, shaper, { ...bottomLeft, text: words.issued, size: 11, top: PAGE_HEIGHT - QR_BOTTOM - 22, colour: INK });
  drawLine(canvas, shaper, { ...bottomLeft, text: words.id, size: 8.5, top: PAGE_HEIGHT - QR_BOTTOM - 6, colour: MUTED });

  canvas.qrCode(content.verifyUrl, RIGHT - QR_SIZE, QR_BOTTOM, QR_SIZE, INK);
  const besideQr = { weight: 'regular' as const, maxWidth: 230, x: RIGHT - QR_SIZE - 14, align: 'right' as const };
  drawLine(canvas, shaper, { ...besideQr, text: words.scan, size: 9, top: PAGE_HEIGHT - QR_BOTTOM - 22, colour: INK });
  drawLine(canvas, shaper, { ...besideQr, text: words.url, size: 7, top: PAGE_HEIGHT - QR_BOTTOM - 8, colour: MUTED });
}
