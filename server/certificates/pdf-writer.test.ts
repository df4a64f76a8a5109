import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import {
  certificateWords,
  drawCertificate,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  type CertificateContent,
} from './certificate-layout';
import type { CertificateCanvas } from './canvas';
import { ICON, svgPath } from './emblem';
import { renderCertificatePdf, writeCertificates } from './pdf-writer';
import { loadShaper, type ShapedText } from './shaping';
import { qrOfPdf } from '../../tests/setup/pdf-qr';

/** One certificate stays under this: fonts are subsets of the glyphs it uses. */
const MAX_CERTIFICATE_BYTES = 40 * 1024;

const dir = mkdtempSync(join(tmpdir(), 'certificates-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ENGLISH: CertificateContent = {
  id: 'C7K2M9QX4TZP8W3N',
  language: 'en',
  season: 'Kids Talent Championship 2026',
  level: 3,
  contest: 'Drawing',
  ageBand: '6–8 years',
  childName: 'Aarav Krishnan',
  award: 'winner',
  issuedOn: '2026-11-24',
  verifyUrl: 'https://ktc.example.in/verify/C7K2M9QX4TZP8W3N',
};

const TAMIL: CertificateContent = {
  ...ENGLISH,
  id: 'T4N8P2QW7XK3M9RZ',
  language: 'ta',
  level: 1,
  contest: 'ஓவியம்',
  ageBand: '6–8 வயது',
  childName: 'ஸ்ரீநிதி லக்ஷ்மி',
  award: 'qualified',
  verifyUrl: 'https://ktc.example.in/ta/verify/T4N8P2QW7XK3M9RZ',
};

let counter = 0;
/** Runs a poppler tool on the PDF; its stderr must be empty (poppler reports a broken xref or font there). */
function poppler(pdf: Buffer, tool: string, args: string[]): string {
  const file = join(dir, `${counter++}.pdf`);
  writeFileSync(file, pdf);
  const result = spawnSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return result.stdout;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ');
}

/** Every xref entry points at its object, and startxref at the xref. */
function expectSoundXref(pdf: Buffer): void {
  const text = pdf.toString('latin1');
  const startXref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  expect(text.slice(startXref, startXref + 4)).toBe('xref');
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startXref)) ?? [];
  expect(Number(first)).toBe(0);
  const entries = text.slice(startXref).split('\n').slice(2, 2 + Number(count));
  entries.slice(1).forEach((entry, index) => {
    const offset = Number(entry.slice(0, 10));
    expect(text.slice(offset, offset + `${index + 1} 0 obj`.length)).toBe(`${index + 1} 0 obj`);
  });
}

async function decodeQr(pdf: Buffer): Promise<string> {
  const file = join(dir, `${counter++}.pdf`);
  writeFileSync(file, pdf);
  return qrOfPdf(file, 100);
}

describe('renderCertificatePdf', () => {
  it.each([
    ['English', ENGLISH],
    ['Tamil', TAMIL],
  ])('makes a valid one-page A4-landscape PDF (%s)', async (_, content) => {
    const pdf = await renderCertificatePdf(content);
    const info = poppler(pdf, 'pdfinfo', []);
    expect(info).toMatch(/^Pages:\s+1$/m);
    expect(info).toMatch(/^Page size:\s+842 x 595 pts/m);
    expect(info).toMatch(/^PDF version:\s+1\.7$/m);
    expect(pdf.toString('latin1')).toContain(`/KtcCertificate (${content.id})`);
    expectSoundXref(pdf);
    expect(pdf.byteLength).toBeLessThan(MAX_CERTIFICATE_BYTES);
  });

  it.each([
    ['English', ENGLISH],
    ['Tamil', TAMIL],
    ['a Tamil certificate for a name in Latin script', { ...TAMIL, childName: 'Mohammed Irfan' }],
    ['an English certificate for a name in both scripts', { ...ENGLISH, childName: 'Kavya கௌசல்யா', award: 'participated' as const }],
    ['a transliterated name, its dots placed as marks', { ...ENGLISH, childName: 'Kṛṣṇa Prasad', award: 'merit' as const }],
  ])('gives back its words with pdftotext, Tamil exactly (%s)', async (_, content) => {
    const text = oneLine(poppler(await renderCertificatePdf(content), 'pdftotext', ['-enc', 'UTF-8']));
    for (const line of Object.values(certificateWords(content))) expect(text).toContain(line);
  });

  it('prints the date in the language', () => {
    expect(certificateWords(ENGLISH).issued).toBe('Issued on 24 November 2026');
    expect(certificateWords(TAMIL).issued).toBe('வழங்கிய நாள்: 24 நவம்பர் 2026');
    expect(() => certificateWords({ ...ENGLISH, issuedOn: '24/11/2026' })).toThrow();
  });

  it.each([
    ['English', ENGLISH],
    ['Tamil', TAMIL],
  ])('draws a QR code that decodes to the verify URL (%s)', async (_, content) => {
    expect(await decodeQr(await renderCertificatePdf(content))).toBe(content.verifyUrl);
  });

  it('signs with the organiser and the head judge of the season, in the certificate\'s language', () => {
    expect(certificateWords(ENGLISH)).toMatchObject({ organiser: 'Lakshmi Narayanan', organiserTitle: 'Organiser', headJudge: 'Dr. Meenakshi Sundaram', headJudgeTitle: 'Head Judge' });
    expect(certificateWords(TAMIL)).toMatchObject({ organiser: 'லட்சுமி நாராயணன்', organiserTitle: 'ஏற்பாட்டாளர்', headJudgeTitle: 'தலைமை நடுவர்' });
  });

  it('draws the emblem as vectors, with no picture embedded', async () => {
    const pdf = (await renderCertificatePdf(ENGLISH)).toString('latin1');
    expect(pdf).not.toMatch(/\/XObject|\/Image/);
    // The icon's gradient, as a shading in the page's resources.
    expect(pdf).toMatch(/\/Shading << \/Sh1 << \/ShadingType 2 \/ColorSpace \/DeviceRGB .*\/C0 \[0\.482 0\.247 0\.69\] \/C1 \[0\.878 0\.271 0\.482\]/);
  });

  it('writes the same bytes for the same input', async () => {
    const first = await renderCertificatePdf(TAMIL);
    await renderCertificatePdf({ ...ENGLISH, childName: 'Someone Else' });
    expect((await renderCertificatePdf(TAMIL)).equals(first)).toBe(true);
    expect((await renderCertificatePdf({ ...TAMIL, childName: 'கௌசல்யா' })).equals(first)).toBe(false);
  });
});

describe('writeCertificates', () => {
  it('streams one page a certificate, with each font embedded once for the whole file', async () => {
    const file = join(dir, 'three.pdf');
    const out = createWriteStream(file);
    async function* contents(): AsyncGenerator<CertificateContent> {
      yield ENGLISH;
      yield TAMIL;
      yield { ...ENGLISH, childName: 'Diya Ramesh', award: 'runner-up' };
    }
    const { pages } = await writeCertificates(out, contents());
    out.end();
    await finished(out);
    expect(pages).toBe(3);
    const pdf = readFileSync(file);
    const info = poppler(pdf, 'pdfinfo', []);
    expect(info).toMatch(/^Pages:\s+3$/m);
    expectSoundXref(pdf);
    const text = pdf.toString('latin1');
    for (const font of ['NotoSans-Regular', 'NotoSans-Bold', 'NotoSansTamil-Regular', 'NotoSansTamil-Bold']) {
      expect(text.match(new RegExp(`/Subtype /Type0 /BaseFont /[A-Z]{6}\\+${font} `, 'g'))).toHaveLength(1);
    }
    expect(text.match(/\/FontFile2 /g)).toHaveLength(4);
    expect(text).not.toContain('/KtcCertificate');
    const extracted = oneLine(poppler(pdf, 'pdftotext', ['-enc', 'UTF-8']));
    for (const name of ['Aarav Krishnan', 'ஸ்ரீநிதி லக்ஷ்மி', 'Diya Ramesh']) expect(extracted).toContain(name);
  });
});

describe('the emblem', () => {
  it('has the shapes and colours of the app icon (manifest/icon.svg)', () => {
    const svg = readFileSync(new URL('../../manifest/icon.svg', import.meta.url), 'utf8');
    const paths = [...svg.matchAll(/<path d="([^"]+)"/g)].map((match) => match[1]);
    expect(paths).toEqual([ICON.star.d, ICON.smile.d]);
    expect(svg).toContain(`rx="${ICON.badge.radius}"`);
    expect(svg).toContain(`stop-color="${ICON.badge.from}"`);
    expect(svg).toContain(`stop-color="${ICON.badge.to}"`);
    expect(svg).toContain(`fill="${ICON.star.fill}"`);
    for (const eye of ICON.eyes.circles) expect(svg).toContain(`<circle cx="${eye.cx}" cy="${eye.cy}" r="${eye.r}" fill="${ICON.eyes.fill}"/>`);
    expect(svg).toContain(`stroke-width="${ICON.smile.width}"`);
    expect(svg).toMatch(new RegExp(`<text x="${ICON.label.x}" y="${ICON.label.y}" [^>]*font-size="${ICON.label.size}"[^>]*>${ICON.label.text}</text>`));
  });

  it('reads SVG path data into moves, lines and cubic curves', () => {
    expect(svgPath('M10 20l5 0 0 5z')).toEqual([['M', 10, 20], ['L', 15, 20], ['L', 15, 25], ['Z']]);
    // A quadratic curve becomes the cubic with controls two thirds of the way to its control point.
    expect(svgPath('M0 0q30 30 60 0')).toEqual([['M', 0, 0], ['C', 20, 20, 40, 20, 60, 0]]);
    expect(svgPath('M0 0H10V10C1 2 3 4 5 6')).toEqual([['M', 0, 0], ['L', 10, 0], ['L', 10, 10], ['C', 1, 2, 3, 4, 5, 6]]);
    expect(() => svgPath('M0 0a5 5 0 0 1 10 0')).toThrow(/not drawn/);
  });
});

describe('the layout', () => {
  /** Records where each line of text lands. */
  function recordingCanvas(): { canvas: CertificateCanvas; lines: { text: string; left: number; right: number; size: number }[] } {
    const lines: { text: string; left: number; right: number; size: number }[] = [];
    const ignore = (): void => undefined;
    const canvas: CertificateCanvas = {
      fillRect: ignore,
      strokeRect: ignore,
      line: ignore,
      fillPath: ignore,
      strokePath: ignore,
      gradientPath: ignore,
      qrCode: ignore,
      text: (shaped: ShapedText, x: number, _y: number, size: number) => lines.push({ text: shaped.text, left: x, right: x + shaped.width * size, size }),
    };
    return { canvas, lines };
  }

  it('shrinks a long name to fit, and no line leaves the inner border', async () => {
    const shaper = await loadShaper();
    const longName = 'ஸ்ரீநிதி லக்ஷ்மி கௌசல்யா கொண்டாட்டம் Venkatanarasimharajuvaripeta Subramaniam Raghunathan';
    for (const content of [{ ...ENGLISH, childName: longName }, { ...TAMIL, childName: longName, award: 'merit' as const }]) {
      const { canvas, lines } = recordingCanvas();
      drawCertificate(canvas, content, shaper);
      const name = lines.find((line) => line.text === longName);
      expect(name?.size).toBeLessThan(36);
      expect((name?.right ?? 0) - (name?.left ?? 0)).toBeLessThanOrEqual(620.001);
      expect(Math.abs((name?.left ?? 0) + (name?.right ?? 0) - PAGE_WIDTH)).toBeLessThan(0.001);
      for (const line of lines) {
        expect(line.left).toBeGreaterThan(40);
        expect(line.right).toBeLessThan(PAGE_WIDTH - 40);
      }
    }
    expect(PAGE_HEIGHT).toBe(595);
  });
});
