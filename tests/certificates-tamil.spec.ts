import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import sharp, { type Sharp } from 'sharp';
import { CENTRE_OF_EMBLEM, EMBLEM_SIZE, EMBLEM_TOP } from '../server/certificates/certificate-layout';
import { PdfDocument, renderCertificatePdf } from '../server/certificates/pdf-writer';
import { certificateFontsDir, loadShaper, type ShapedText } from '../server/certificates/shaping';

// The proof that the certificates shape Tamil: each hard word is drawn by our PDF writer (glyphs
// placed where HarfBuzz put them) and by Chromium (which shapes with its own HarfBuzz) in the same
// TTF at 72 pt = 72 px, and the two ink masks must match. The same words drawn UNSHAPED (each code
// point's nominal glyph, side by side) must not match, so the comparison can fail.

const SIZE = 72;
/** Within the tolerance a pixel matches when the other mask has the same value within this many pixels. */
const TOLERANCE_PX = 1;
/** A word matches when under this share of the ink pixels (both masks) mismatch, and the crops differ by at most 2 px. */
const MAX_MISMATCH = 0.03;
const MAX_SIZE_DIFFERENCE_PX = 2;

// The last three are from the signatures (domain/season.ts): a prefixed vowel sign and ட்சு.
const WORDS = ['க்ஷ', 'ஸ்ரீ', 'கொ', 'கோ', 'கௌ', 'ஞ்ச', 'ண்டு', 'ஸ்ரீநிதி', 'லக்ஷ்மி', 'கௌசல்யா', 'கொண்டாட்டம்', 'முனைவர்', 'மீனாட்சி', 'லட்சுமி'];
/** Where shaping changes the picture; unshaped, these must fail the comparison. */
const SHAPING_MATTERS = ['க்ஷ', 'ஸ்ரீ', 'கொ', 'கோ', 'கௌ', 'ஸ்ரீநிதி', 'லக்ஷ்மி', 'கௌசல்யா', 'கொண்டாட்டம்', 'முனைவர்', 'லட்சுமி'];

type Mask = { width: number; height: number; ink: Uint8Array };
type Comparison = { mismatch: number; pdfSize: string; chromiumSize: string; matches: boolean };

/** Gray (0-255, one byte a pixel) to an ink mask cropped to its bounding box. */
function cropToInk(gray: Uint8Array, width: number, height: number): { x: number; y: number; width: number; height: number } {
  let left = width;
  let top = height;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((gray[y * width + x] ?? 255) < 128) {
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
    }
  }
  if (right < 0) throw new Error('No ink on the page.');
  return { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}

/** One byte a pixel, whatever the PNG holds (Chromium's screenshots are RGB, poppler's gray). */
function gray(image: Buffer | Sharp): Sharp {
  return (Buffer.isBuffer(image) ? sharp(image) : image).flatten({ background: '#ffffff' }).toColourspace('b-w');
}

async function inkMask(png: Buffer, size?: { width: number; height: number }): Promise<Mask> {
  const { data, info } = await gray(png).raw().toBuffer({ resolveWithObject: true });
  const box = cropToInk(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
  let crop = gray(png).extract({ left: box.x, top: box.y, width: box.width, height: box.height });
  if (size && (size.width !== box.width || size.height !== box.height)) crop = gray(await crop.png().toBuffer()).resize(size.width, size.height, { fit: 'fill' });
  const cropped = await crop.raw().toBuffer({ resolveWithObject: true });
  if (cropped.info.channels !== 1) throw new Error(`Expected one channel, got ${cropped.info.channels}.`);
  const ink = new Uint8Array(cropped.info.width * cropped.info.height);
  for (let index = 0; index < ink.length; index++) ink[index] = (cropped.data[index] ?? 255) < 128 ? 1 : 0;
  return { width: cropped.info.width, height: cropped.info.height, ink };
}

/** Pixels inked in one mask with no ink within the tolerance in the other, over all ink pixels of both. */
function mismatch(a: Mask, b: Mask): number {
  const near = (mask: Mask, x: number, y: number): boolean => {
    for (let dy = -TOLERANCE_PX; dy <= TOLERANCE_PX; dy++) {
      for (let dx = -TOLERANCE_PX; dx <= TOLERANCE_PX; dx++) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx >= 0 && ny >= 0 && nx < mask.width && ny < mask.height && mask.ink[ny * mask.width + nx]) return true;
      }
    }
    return false;
  };
  let wrong = 0;
  let inked = 0;
  for (const [from, to] of [
    [a, b],
    [b, a],
  ] as const) {
    for (let y = 0; y < from.height; y++) {
      for (let x = 0; x < from.width; x++) {
        if (!from.ink[y * from.width + x]) continue;
        inked++;
        if (!near(to, x, y)) wrong++;
      }
    }
  }
  return wrong / inked;
}

async function compare(pdfPng: Buffer, chromiumPng: Buffer): Promise<Comparison> {
  const chromium = await inkMask(chromiumPng);
  const pdfAsIs = await inkMask(pdfPng);
  const pdf = await inkMask(pdfPng, chromium);
  const share = mismatch(pdf, chromium);
  const sizeClose =
    Math.abs(pdfAsIs.width - chromium.width) <= MAX_SIZE_DIFFERENCE_PX && Math.abs(pdfAsIs.height - chromium.height) <= MAX_SIZE_DIFFERENCE_PX;
  return {
    mismatch: share,
    pdfSize: `${pdfAsIs.width}x${pdfAsIs.height}`,
    chromiumSize: `${chromium.width}x${chromium.height}`,
    matches: sizeClose && share < MAX_MISMATCH,
  };
}

/** One page a word, rasterised by poppler at 72 dpi (1 pt = 1 px), gray. */
async function renderWithPdfWriter(dir: string, name: string, shape: (word: string) => ShapedText): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  const document = await PdfDocument.open((chunk) => {
    chunks.push(chunk);
  });
  for (const word of WORDS) await document.addPage((page) => page.text(shape(word), 60, 280, SIZE, [0, 0, 0]));
  await document.finish();
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, Buffer.concat(chunks));
  execFileSync('pdftoppm', ['-r', '72', '-gray', '-png', file, join(dir, name)]);
  const pages = readdirSync(dir)
    .filter((entry) => entry.startsWith(`${name}-`) && entry.endsWith('.png'))
    .sort();
  expect(pages).toHaveLength(WORDS.length);
  return pages.map((entry) => readFileSync(join(dir, entry)));
}

const FONTS = { regular: 'NotoSansTamil-Regular', bold: 'NotoSansTamil-Bold' } as const;

for (const weight of ['regular', 'bold'] as const) {
  test(`Tamil (${weight}) in the certificate PDFs is shaped as Chromium shapes it; unshaped, it is not`, async ({ page }) => {
    const dir = mkdtempSync(join(tmpdir(), 'certificates-tamil-'));
    try {
      const shaper = await loadShaper();
      const shaped = await renderWithPdfWriter(dir, 'shaped', (word) => shaper.shape(word, weight));
      const unshaped = await renderWithPdfWriter(dir, 'unshaped', (word) => shaper.shapeUnshaped(word, weight));

      const font = readFileSync(join(certificateFontsDir(), `${FONTS[weight]}.ttf`)).toString('base64');
      await page.setViewportSize({ width: 842, height: 595 });
      await page.setContent(
        `<!doctype html><html lang="ta"><style>
          @font-face { font-family: CertificateTamil; src: url(data:font/ttf;base64,${font}) format('truetype'); }
          html, body { margin: 0; background: #fff; }
          #word { position: absolute; left: 60px; top: 160px; font: ${SIZE}px/1.5 CertificateTamil; color: #000; white-space: pre; }
        </style><span id="word"></span></html>`,
      );
      await page.evaluate(() => document.fonts.load('72px CertificateTamil'));
      expect(await page.evaluate(() => document.fonts.check('72px CertificateTamil'))).toBe(true);

      const rows: string[] = [];
      for (const [index, word] of WORDS.entries()) {
        await page.locator('#word').evaluate((element, text) => {
          element.textContent = text;
        }, word);
        const chromium = await page.screenshot({ type: 'png' });
        const withShaping = await compare(shaped[index] ?? Buffer.alloc(0), chromium);
        const withoutShaping = await compare(unshaped[index] ?? Buffer.alloc(0), chromium);
        rows.push(
          `${word}\tshaped ${(withShaping.mismatch * 100).toFixed(2)} % (${withShaping.pdfSize} vs ${withShaping.chromiumSize})` +
            `\tunshaped ${(withoutShaping.mismatch * 100).toFixed(2)} % (${withoutShaping.pdfSize})`,
        );
        expect.soft(withShaping.matches, `${word} shaped: ${JSON.stringify(withShaping)}`).toBe(true);
        if (SHAPING_MATTERS.includes(word)) expect.soft(withoutShaping.matches, `${word} unshaped: ${JSON.stringify(withoutShaping)}`).toBe(false);
      }
      console.log(`${FONTS[weight]}: mismatching ink, tolerance ${TOLERANCE_PX} px, limit ${MAX_MISMATCH * 100} %:\n${rows.join('\n')}`);
      test.info().annotations.push({ type: 'pixel comparison', description: rows.join('\n') });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

// The emblem: the certificate's vector drawing of the app icon against Chromium's drawing of
// manifest/icon.svg itself, pixel by pixel in colour, both 4 px a point. The label is set in the
// certificate's Noto Sans Bold on both sides (the SVG asks for DejaVu Sans). The maskable icon
// (another star, no rounded corners) must not pass, so the comparison can fail.
const EMBLEM_SCALE = 4;
/** A pixel differs when a channel differs by more than this (0-255); the drawing matches under MAX_MISMATCH of them. */
const CHANNEL_TOLERANCE = 48;

async function rgbPixels(png: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(png).flatten({ background: '#ffffff' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

test('the certificate\'s emblem is the app icon as Chromium draws it', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'certificates-emblem-'));
  try {
    const file = join(dir, 'certificate.pdf');
    writeFileSync(
      file,
      await renderCertificatePdf({
        id: 'c7k2m9qx4tzp8w3n', language: 'ta', season: 'Kids Talent Competition 2027', level: 1, contest: 'ஓவியப் போட்டி', ageBand: '6–8 வயது',
        childName: 'ஸ்ரீநிதி லக்ஷ்மி', award: 'winner', issuedOn: '2027-04-30', verifyUrl: 'https://ktc.example.in/ta/verify/c7k2m9qx4tzp8w3n',
      }),
    );
    const px = EMBLEM_SIZE * EMBLEM_SCALE;
    const x = Math.round((CENTRE_OF_EMBLEM - EMBLEM_SIZE / 2) * EMBLEM_SCALE);
    const y = Math.round(EMBLEM_TOP * EMBLEM_SCALE);
    execFileSync('pdftoppm', ['-r', String(72 * EMBLEM_SCALE), '-png', '-singlefile', '-x', String(x), '-y', String(y), '-W', String(px), '-H', String(px), file, join(dir, 'emblem')]);
    const drawn = await rgbPixels(readFileSync(join(dir, 'emblem.png')));

    const font = readFileSync(join(certificateFontsDir(), 'NotoSans-Bold.ttf')).toString('base64');
    await page.setViewportSize({ width: px, height: px });
    const shares: Record<string, number> = {};
    for (const icon of ['icon.svg', 'icon-maskable.svg']) {
      const svg = readFileSync(join(import.meta.dirname, '..', 'manifest', icon), 'utf8').replace(/width="512" height="512"/, `width="${px}" height="${px}"`);
      await page.setContent(
        `<!doctype html><html><style>
          @font-face { font-family: CertificateSans; src: url(data:font/ttf;base64,${font}) format('truetype'); font-weight: 700; }
          html, body { margin: 0; background: #fff; } svg { display: block; } text { font-family: CertificateSans !important; }
        </style>${svg}</html>`,
      );
      await page.evaluate(() => document.fonts.load('700 58px CertificateSans'));
      const chromium = await rgbPixels(await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: px, height: px } }));
      expect(chromium.width).toBe(drawn.width);
      let differing = 0;
      for (let index = 0; index < drawn.data.length; index += 3) {
        const far = [0, 1, 2].some((channel) => Math.abs((drawn.data[index + channel] ?? 0) - (chromium.data[index + channel] ?? 0)) > CHANNEL_TOLERANCE);
        if (far) differing++;
      }
      shares[icon] = differing / (drawn.width * drawn.height);
    }
    console.log(`emblem: pixels differing by more than ${CHANNEL_TOLERANCE}: ${JSON.stringify(shares)}`);
    expect(shares['icon.svg']).toBeLessThan(MAX_MISMATCH);
    expect(shares['icon-maskable.svg']).toBeGreaterThan(MAX_MISMATCH);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
