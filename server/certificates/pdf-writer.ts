import { createHash, type Hash } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import { deflateSync } from 'node:zlib';
import QRCode from 'qrcode';
import type { CertificateCanvas, PathOp, Point, Rgb } from './canvas';
import { drawCertificate, PAGE_HEIGHT, PAGE_WIDTH, type CertificateContent } from './certificate-layout';
import { FONT_IDS, loadShaper, type FontId, type Shaper, type ShapedText } from './shaping';

// A minimal PDF 1.7 writer for the certificates: Type0/CIDFontType2 fonts (Identity-H, glyph ids
// as HarfBuzz gave them), subsets made by HarfBuzz's subsetter, text placed glyph by glyph, each
// run wrapped in /ActualText, rectangles, lines and QR codes. Same input, same bytes: no dates, and
// the file /ID is the MD5 of the bytes before the xref.

const FLATE_LEVEL = 6;
const QR_QUIET_ZONE = 4;
/** The fixed objects' numbers; each font takes FONT_OBJECTS numbers from `firstFont`, then come the pages. */
const OBJECT = { catalog: 1, pages: 2, info: 3, firstFont: 4 };
const FONT_OBJECTS = 5;
const FIRST_PAGE = OBJECT.firstFont + FONT_IDS.length * FONT_OBJECTS;
const HEADER = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');

/** Fixed /Title and /Producer of every file. */
export const PDF_TITLE = 'Kids Talent Competition certificate';
export const PDF_PRODUCER = 'Kids Talent Competition certificates (HarfBuzz)';

/** A number as PDF writes it: at most 3 decimals, no exponent, no "-0". */
function num(value: number): string {
  const rounded = Math.round(value * 1000) / 1000;
  return rounded === 0 ? '0' : String(rounded);
}

function colour(rgb: Rgb): string {
  return rgb.map(num).join(' ');
}

/** The shapes drawn on every page (frame, emblem, seal) are the same arrays each time: their operators are written once. */
const writtenPaths = new WeakMap<readonly PathOp[], string>();

/** A shape as PDF path operators. */
function pathOps(path: readonly PathOp[]): string {
  const known = writtenPaths.get(path);
  if (known !== undefined) return known;
  const ops = path
    .map((op) => {
      switch (op[0]) {
        case 'M':
          return `${num(op[1])} ${num(op[2])} m`;
        case 'L':
          return `${num(op[1])} ${num(op[2])} l`;
        case 'C':
          return `${num(op[1])} ${num(op[2])} ${num(op[3])} ${num(op[4])} ${num(op[5])} ${num(op[6])} c`;
        case 'Z':
          return 'h';
      }
    })
    .join(' ');
  writtenPaths.set(path, ops);
  return ops;
}

/** UTF-16BE with a byte-order mark, as a hex string. */
function utf16Hex(text: string): string {
  let hex = 'FEFF';
  for (let index = 0; index < text.length; index++) hex += text.charCodeAt(index).toString(16).padStart(4, '0').toUpperCase();
  return `<${hex}>`;
}

/** A text string: literal when printable ASCII, else UTF-16BE. */
function pdfString(text: string): string {
  return /^[\x20-\x7e]*$/.test(text) ? `(${text.replace(/[\\()]/g, (char) => `\\${char}`)})` : utf16Hex(text);
}

function gidHex(gid: number): string {
  return gid.toString(16).padStart(4, '0').toUpperCase();
}

function fontResource(id: FontId): string {
  return `/F${FONT_IDS.indexOf(id) + 1}`;
}

// --- HarfBuzz's subsetter (harfbuzz-subset.wasm, which harfbuzzjs ships without a JS wrapper) ---

// tsconfig.server.json has no DOM lib, which is where TypeScript declares WebAssembly.
declare const WebAssembly: { instantiate(bytes: Uint8Array): Promise<{ instance: { exports: unknown } }> };

type SubsetExports = {
  memory: { buffer: ArrayBuffer };
  _initialize(): void;
  malloc(size: number): number;
  free(pointer: number): void;
  hb_blob_create(data: number, length: number, mode: number, userData: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_data(blob: number, lengthPointer: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_reference_blob(face: number): number;
  hb_face_destroy(face: number): void;
  hb_set_add(set: number, value: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_glyph_set(input: number): number;
  hb_subset_input_set(input: number, which: number): number;
  hb_subset_input_set_flags(input: number, flags: number): void;
  hb_subset_preprocess(face: number): number;
  hb_subset_or_fail(face: number, input: number): number;
};

const HB_MEMORY_MODE_READONLY = 1;
const HB_SUBSET_SETS_DROP_TABLE_TAG = 3;
const HB_SUBSET_FLAGS_NO_HINTING = 0x1;
const HB_SUBSET_FLAGS_RETAIN_GIDS = 0x2;
const HB_SUBSET_FLAGS_NO_LAYOUT_CLOSURE = 0x200;
// A PDF viewer draws glyphs by id: the layout tables and the rest are dead weight in an embedded font.
const DROPPED_TABLES = ['GSUB', 'GPOS', 'GDEF', 'BASE', 'JSTF', 'MATH', 'kern', 'DSIG', 'hdmx', 'LTSH', 'VDMX', 'gasp'];

function tag(name: string): number {
  return [...name].reduce((value, char) => value * 256 + char.charCodeAt(0), 0);
}

/** TrueType subsets that keep glyph ids (RETAIN_GIDS), so the ids HarfBuzz shaped with stay valid. */
class Subsetter {
  private readonly faces = new Map<FontId, number>();

  constructor(private readonly hb: SubsetExports) {}

  subset(id: FontId, font: Uint8Array, gids: Iterable<number>): Uint8Array {
    const { hb } = this;
    const face = this.face(id, font);
    const input = hb.hb_subset_input_create_or_fail();
    if (input === 0) throw new Error('HarfBuzz could not start a subset.');
    const lengthPointer = hb.malloc(4);
    try {
      const glyphs = hb.hb_subset_input_glyph_set(input);
      hb.hb_set_add(glyphs, 0);
      for (const gid of gids) hb.hb_set_add(glyphs, gid);
      const dropped = hb.hb_subset_input_set(input, HB_SUBSET_SETS_DROP_TABLE_TAG);
      for (const name of DROPPED_TABLES) hb.hb_set_add(dropped, tag(name));
      hb.hb_subset_input_set_flags(input, HB_SUBSET_FLAGS_RETAIN_GIDS | HB_SUBSET_FLAGS_NO_HINTING | HB_SUBSET_FLAGS_NO_LAYOUT_CLOSURE);
      const subset = hb.hb_subset_or_fail(face, input);
      if (subset === 0) throw new Error(`HarfBuzz could not subset ${id}.`);
      const blob = hb.hb_face_reference_blob(subset);
      const data = hb.hb_blob_get_data(blob, lengthPointer);
      const length = new DataView(hb.memory.buffer).getUint32(lengthPointer, true);
      const bytes = new Uint8Array(hb.memory.buffer, data, length).slice();
      hb.hb_blob_destroy(blob);
      hb.hb_face_destroy(subset);
      return bytes;
    } finally {
      hb.free(lengthPointer);
      hb.hb_subset_input_destroy(input);
    }
  }

  /** Each font is copied into the subsetter's memory once, and preprocessed for repeated subsetting. */
  private face(id: FontId, font: Uint8Array): number {
    const known = this.faces.get(id);
    if (known !== undefined) return known;
    const { hb } = this;
    const pointer = hb.malloc(font.byteLength);
    new Uint8Array(hb.memory.buffer).set(font, pointer);
    const blob = hb.hb_blob_create(pointer, font.byteLength, HB_MEMORY_MODE_READONLY, 0, 0);
    const original = hb.hb_face_create(blob, 0);
    const face = hb.hb_subset_preprocess(original);
    hb.hb_face_destroy(original);
    this.faces.set(id, face);
    return face;
  }
}

let subsetter: Promise<Subsetter> | undefined;

function loadSubsetter(): Promise<Subsetter> {
  if (!subsetter) {
    subsetter = (async () => {
      const wasm = readFileSync(createRequire(import.meta.url).resolve('harfbuzzjs/dist/harfbuzz-subset.wasm'));
      const { instance } = await WebAssembly.instantiate(wasm);
      const hb = instance.exports as SubsetExports;
      hb._initialize();
      return new Subsetter(hb);
    })();
    subsetter.catch(() => {
      subsetter = undefined;
    });
  }
  return subsetter;
}

// --- Pages ---

type GlyphUse = { advance: number; text: string | undefined };

/** One page's content stream, built by the drawing calls; the glyphs it uses are noted in the document. */
export class PdfPage implements CertificateCanvas {
  readonly fonts = new Set<FontId>();
  /** Axial shadings (gradients) the page paints, as direct objects for its resources: /Sh1, /Sh2… */
  readonly shadings: string[] = [];
  private readonly ops: string[] = [];

  constructor(private readonly document: PdfDocument) {}

  fillRect(x: number, y: number, width: number, height: number, fill: Rgb): void {
    this.ops.push(`${colour(fill)} rg ${num(x)} ${num(y)} ${num(width)} ${num(height)} re f`);
  }

  strokeRect(x: number, y: number, width: number, height: number, lineWidth: number, stroke: Rgb): void {
    this.ops.push(`${colour(stroke)} RG ${num(lineWidth)} w ${num(x)} ${num(y)} ${num(width)} ${num(height)} re S`);
  }

  line(x1: number, y1: number, x2: number, y2: number, lineWidth: number, stroke: Rgb): void {
    this.ops.push(`${colour(stroke)} RG ${num(lineWidth)} w ${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S`);
  }

  fillPath(path: readonly PathOp[], fill: Rgb): void {
    this.ops.push(`${colour(fill)} rg ${pathOps(path)} f`);
  }

  strokePath(path: readonly PathOp[], lineWidth: number, stroke: Rgb): void {
    this.ops.push(`q 1 J 1 j ${colour(stroke)} RG ${num(lineWidth)} w ${pathOps(path)} S Q`);
  }

  gradientPath(path: readonly PathOp[], from: Rgb, to: Rgb, start: Point, end: Point): void {
    this.shadings.push(
      `<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [${[...start, ...end].map(num).join(' ')}] /Function << /FunctionType 2 /Domain [0 1] /C0 [${colour(from)}] /C1 [${colour(to)}] /N 1 >> /Extend [true true] >>`,
    );
    // Clipped to the shape, the shading paints only inside it.
    this.ops.push(`q ${pathOps(path)} W n /Sh${this.shadings.length} sh Q`);
  }

  text(shaped: ShapedText, x: number, y: number, size: number, fill: Rgb): void {
    if (shaped.runs.length === 0) return;
    this.ops.push(`${colour(fill)} rg BT`);
    let penX = x;
    for (const run of shaped.runs) {
      this.fonts.add(run.font);
      const scale = size / run.unitsPerEm;
      // TJ adjustments are in thousandths of the font size.
      const thousandths = 1000 / run.unitsPerEm;
      this.ops.push(`/Span <</ActualText ${utf16Hex(run.text)}>> BDC ${fontResource(run.font)} ${num(size)} Tf 1 0 0 1 ${num(penX)} ${num(y)} Tm`);
      let pen = 0;
      let current = 0;
      let rise = 0;
      let array: string[] = [];
      let glyphs = '';
      const flush = (): void => {
        if (glyphs) array.push(`<${glyphs}>`);
        if (array.length > 0) this.ops.push(`[${array.join('')}] TJ`);
        array = [];
        glyphs = '';
      };
      for (const glyph of run.glyphs) {
        if (glyph.yOffset !== rise) {
          flush();
          rise = glyph.yOffset;
          this.ops.push(`${num(rise * scale)} Ts`);
        }
        const target = pen + glyph.xOffset;
        if (target !== current) {
          if (glyphs) array.push(`<${glyphs}>`);
          glyphs = '';
          array.push(num(-(target - current) * thousandths));
        }
        glyphs += gidHex(glyph.gid);
        current = target + this.document.useGlyph(run.font, glyph.gid, glyph.text);
        pen += glyph.xAdvance;
      }
      flush();
      if (rise !== 0) this.ops.push('0 Ts');
      this.ops.push('EMC');
      penX += pen * scale;
    }
    this.ops.push('ET');
  }

  qrCode(text: string, x: number, y: number, size: number, fill: Rgb): void {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const count = modules.size;
    const module = size / count;
    const quiet = QR_QUIET_ZONE * module;
    this.fillRect(x - quiet, y - quiet, size + 2 * quiet, size + 2 * quiet, [1, 1, 1]);
    // Dark modules of a row merged into one rectangle; one fill for the whole path leaves no seams.
    const rects: string[] = [];
    for (let row = 0; row < count; row++) {
      let column = 0;
      while (column < count) {
        if (!modules.get(row, column)) {
          column++;
          continue;
        }
        const start = column;
        while (column < count && modules.get(row, column)) column++;
        rects.push(`${num(x + start * module)} ${num(y + size - (row + 1) * module)} ${num((column - start) * module)} ${num(module)} re`);
      }
    }
    this.ops.push(`${colour(fill)} rg ${rects.join(' ')} f`);
  }

  /** The content stream. */
  content(): string {
    return this.ops.join('\n');
  }
}

// --- The document ---

type Sink = (chunk: Buffer) => void | Promise<void>;
type PdfObject = readonly [number: number, bytes: Buffer];

/** Options of a document: /KtcCertificate holds a single certificate's id; /Lang the language of every page, when one. */
export type PdfDocumentOptions = { certificateId?: string; lang?: string };

/**
 * A PDF written page by page to a sink: each page's objects go out as soon as it is drawn, and
 * the fonts (one subset each, of every glyph of the file), the page tree, catalog, Info and xref
 * at the end. Object numbers are reserved up front, so pages can refer to fonts written last.
 */
export class PdfDocument {
  private readonly offsets: number[] = [];
  private readonly pages: number[] = [];
  private readonly glyphs = new Map<FontId, Map<number, GlyphUse>>();
  private readonly hash: Hash = createHash('md5');
  private position = 0;
  private nextObject = FIRST_PAGE;

  private constructor(
    private readonly sink: Sink,
    private readonly shaper: Shaper,
    private readonly subsetter: Subsetter,
  ) {}

  /** Starts a document (HarfBuzz and the fonts are loaded on first use). */
  static async open(sink: Sink): Promise<PdfDocument> {
    const [shaper, subsetter] = await Promise.all([loadShaper(), loadSubsetter()]);
    const document = new PdfDocument(sink, shaper, subsetter);
    await document.emit(HEADER);
    return document;
  }

  /** The shaper the pages' text is to be shaped with. */
  get textShaper(): Shaper {
    return this.shaper;
  }

  /** Notes a glyph as used; returns its advance in font units (the /W width the viewer will advance by). */
  useGlyph(font: FontId, gid: number, text: string | undefined): number {
    let used = this.glyphs.get(font);
    if (!used) {
      used = new Map();
      this.glyphs.set(font, used);
    }
    const known = used.get(gid);
    if (known) {
      known.text ??= text;
      return known.advance;
    }
    const advance = this.shaper.glyphAdvance(font, gid);
    used.set(gid, { advance, text });
    return advance;
  }

  /** Draws one A4-landscape page and writes it out. */
  async addPage(draw: (page: PdfPage) => void): Promise<void> {
    const page = new PdfPage(this);
    draw(page);
    const pageObject = this.nextObject++;
    const contentObject = this.nextObject++;
    const fonts = FONT_IDS.filter((id) => page.fonts.has(id))
      .map((id) => `${fontResource(id)} ${OBJECT.firstFont + FONT_IDS.indexOf(id) * FONT_OBJECTS} 0 R`)
      .join(' ');
    const shadings = page.shadings.length === 0 ? '' : ` /Shading << ${page.shadings.map((shading, index) => `/Sh${index + 1} ${shading}`).join(' ')} >>`;
    await this.write([
      this.object(
        pageObject,
        `<< /Type /Page /Parent ${OBJECT.pages} 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << ${fonts} >>${shadings} >> /Contents ${contentObject} 0 R >>`,
      ),
      this.stream(contentObject, '', Buffer.from(page.content(), 'latin1')),
    ]);
    this.pages.push(pageObject);
  }

  /** Writes the fonts, page tree, catalog, Info, xref and trailer; returns the number of pages and bytes. */
  async finish(options: PdfDocumentOptions = {}): Promise<{ pages: number; bytes: number }> {
    const objects = FONT_IDS.flatMap((id, index) => this.font(id, OBJECT.firstFont + index * FONT_OBJECTS));
    objects.push(this.object(OBJECT.pages, `<< /Type /Pages /Kids [${this.pages.map((page) => `${page} 0 R`).join(' ')}] /Count ${this.pages.length} >>`));
    const lang = options.lang ? ` /Lang ${pdfString(options.lang)}` : '';
    objects.push(this.object(OBJECT.catalog, `<< /Type /Catalog /Pages ${OBJECT.pages} 0 R${lang} >>`));
    const id = options.certificateId === undefined ? '' : ` /KtcCertificate ${pdfString(options.certificateId)}`;
    objects.push(this.object(OBJECT.info, `<< /Title ${pdfString(PDF_TITLE)} /Producer ${pdfString(PDF_PRODUCER)}${id} >>`));
    await this.write(objects);

    const size = this.nextObject;
    const xrefAt = this.position;
    const fileId = this.hash.copy().digest('hex').toUpperCase();
    let xref = `xref\n0 ${size}\n0000000000 65535 f\r\n`;
    for (let object = 1; object < size; object++) {
      const offset = this.offsets[object];
      if (offset === undefined) throw new Error(`PDF object ${object} was never written.`);
      xref += `${String(offset).padStart(10, '0')} 00000 n\r\n`;
    }
    xref += `trailer\n<< /Size ${size} /Root ${OBJECT.catalog} 0 R /Info ${OBJECT.info} 0 R /ID [<${fileId}> <${fileId}>] >>\nstartxref\n${xrefAt}\n%%EOF\n`;
    await this.emit(Buffer.from(xref, 'latin1'));
    return { pages: this.pages.length, bytes: this.position };
  }

  /** The five objects of a font (Type0, CIDFontType2, descriptor, subset, ToUnicode), or five nulls when unused. */
  private font(id: FontId, first: number): PdfObject[] {
    const used = this.glyphs.get(id);
    if (!used || used.size === 0) return Array.from({ length: FONT_OBJECTS }, (_, index) => this.object(first + index, 'null'));
    const info = this.shaper.fontInfo(id);
    const gids = [...used.keys()].sort((a, b) => a - b);
    const k = 1000 / info.unitsPerEm;
    const digest = createHash('md5').update(`${id}:${gids.join(',')}`).digest();
    const subsetTag = Array.from(digest.subarray(0, 6), (byte) => String.fromCharCode(65 + (byte % 26))).join('');
    const name = `/${subsetTag}+${info.postScriptName}`;

    const widths: string[] = [];
    for (let index = 0; index < gids.length; ) {
      const start = gids[index] ?? 0;
      const run: string[] = [];
      while (gids[index] === start + run.length) {
        run.push(num((used.get(start + run.length)?.advance ?? 0) * k));
        index++;
      }
      widths.push(`${start} [${run.join(' ')}]`);
    }

    const subset = this.subsetter.subset(id, info.bytes, gids);
    const [xMin, yMin, xMax, yMax] = info.bbox;
    const stemV = Math.round(10 + (220 * (info.weightClass - 50)) / 900);
    return [
      this.object(first, `<< /Type /Font /Subtype /Type0 /BaseFont ${name} /Encoding /Identity-H /DescendantFonts [${first + 1} 0 R] /ToUnicode ${first + 4} 0 R >>`),
      this.object(
        first + 1,
        `<< /Type /Font /Subtype /CIDFontType2 /BaseFont ${name} /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor ${first + 2} 0 R /CIDToGIDMap /Identity /W [${widths.join(' ')}] >>`,
      ),
      this.object(
        first + 2,
        `<< /Type /FontDescriptor /FontName ${name} /Flags 4 /FontBBox [${[xMin, yMin, xMax, yMax].map((value) => num(value * k)).join(' ')}] /ItalicAngle ${num(info.italicAngle)} /Ascent ${num(info.ascender * k)} /Descent ${num(info.descender * k)} /CapHeight ${num(info.capHeight * k)} /StemV ${stemV} /FontFile2 ${first + 3} 0 R >>`,
      ),
      this.stream(first + 3, ` /Length1 ${subset.byteLength}`, subset),
      this.stream(first + 4, '', Buffer.from(this.toUnicode(id, gids, used), 'latin1')),
    ];
  }

  /** Maps each glyph to its Unicode for copying text: the cmap's code point, else the text of the cluster it alone drew. */
  private toUnicode(id: FontId, gids: readonly number[], used: Map<number, GlyphUse>): string {
    const entries: string[] = [];
    for (const gid of gids) {
      const codePoint = this.shaper.unicodeOf(id, gid);
      const text = codePoint === undefined ? used.get(gid)?.text : String.fromCodePoint(codePoint);
      if (gid !== 0 && text) entries.push(`<${gidHex(gid)}> ${utf16Hex(text).replace('<FEFF', '<')}`);
    }
    const blocks: string[] = [];
    for (let index = 0; index < entries.length; index += 100) {
      const block = entries.slice(index, index + 100);
      blocks.push(`${block.length} beginbfchar\n${block.join('\n')}\nendbfchar`);
    }
    return [
      '/CIDInit /ProcSet findresource begin',
      '12 dict begin',
      'begincmap',
      '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
      '/CMapName /Adobe-Identity-UCS def',
      '/CMapType 2 def',
      '1 begincodespacerange',
      '<0000> <FFFF>',
      'endcodespacerange',
      ...blocks,
      'endcmap',
      'CMapName currentdict /defineresource pop',
      'end',
      'end',
    ].join('\n');
  }

  private object(number: number, body: string): PdfObject {
    return [number, Buffer.from(`${number} 0 obj\n${body}\nendobj\n`, 'latin1')];
  }

  private stream(number: number, extra: string, data: Uint8Array): PdfObject {
    const compressed = deflateSync(data, { level: FLATE_LEVEL });
    const head = `${number} 0 obj\n<< /Length ${compressed.byteLength} /Filter /FlateDecode${extra} >>\nstream\n`;
    return [number, Buffer.concat([Buffer.from(head, 'latin1'), compressed, Buffer.from('\nendstream\nendobj\n', 'latin1')])];
  }

  /** Writes objects in one chunk, noting where each starts for the xref. */
  private async write(objects: readonly PdfObject[]): Promise<void> {
    let at = this.position;
    for (const [number, bytes] of objects) {
      this.offsets[number] = at;
      at += bytes.byteLength;
    }
    await this.emit(Buffer.concat(objects.map(([, bytes]) => bytes)));
  }

  private async emit(chunk: Buffer): Promise<void> {
    this.hash.update(chunk);
    this.position += chunk.byteLength;
    await this.sink(chunk);
  }
}

/** Renders one certificate as a one-page PDF. */
export async function renderCertificatePdf(content: CertificateContent): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const document = await PdfDocument.open((chunk) => {
    chunks.push(chunk);
  });
  await document.addPage((page) => drawCertificate(page, content, document.textShaper));
  await document.finish({ certificateId: content.id, lang: content.language === 'ta' ? 'ta-IN' : 'en-IN' });
  return Buffer.concat(chunks);
}

/**
 * Writes many certificates into one PDF on `out`, a page each, as they come: only the current
 * page and the list of glyphs used are held in memory. Waits for `out` to drain; does not end it.
 */
export async function writeCertificates(
  out: Writable,
  contents: AsyncIterable<CertificateContent> | Iterable<CertificateContent>,
): Promise<{ pages: number }> {
  const document = await PdfDocument.open(async (chunk) => {
    if (!out.write(chunk)) await once(out, 'drain');
  });
  const languages = new Set<CertificateContent['language']>();
  for await (const content of contents) {
    languages.add(content.language);
    await document.addPage((page) => drawCertificate(page, content, document.textShaper));
  }
  const [only] = languages;
  const lang = languages.size === 1 && only ? (only === 'ta' ? 'ta-IN' : 'en-IN') : undefined;
  const { pages } = await document.finish(lang ? { lang } : {});
  return { pages };
}
