import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as HarfBuzzModule from 'harfbuzzjs';

type HarfBuzz = typeof HarfBuzzModule;
type HbFont = InstanceType<HarfBuzz['Font']>;
type HbBuffer = InstanceType<HarfBuzz['Buffer']>;

/** The certificates' four fonts (server/certificates/fonts/<id>.ttf). */
export const FONT_IDS = ['NotoSansTamil-Regular', 'NotoSansTamil-Bold', 'NotoSans-Regular', 'NotoSans-Bold'] as const;
export type FontId = (typeof FONT_IDS)[number];
export type FontWeight = 'regular' | 'bold';

/** One glyph as HarfBuzz placed it, in font units. `text` is its cluster's Unicode when the cluster is this one glyph. */
export type ShapedGlyph = {
  readonly font: FontId;
  readonly gid: number;
  readonly xAdvance: number;
  readonly xOffset: number;
  readonly yOffset: number;
  readonly text?: string;
};

/** A run of one script in one font; `advance` is the sum of its glyphs' advances, in font units. */
export type ShapedRun = {
  readonly font: FontId;
  readonly text: string;
  readonly unitsPerEm: number;
  readonly advance: number;
  readonly glyphs: readonly ShapedGlyph[];
};

/** A shaped line: its runs in order, and its width in ems (multiply by the size in points). */
export type ShapedText = {
  readonly text: string;
  readonly runs: readonly ShapedRun[];
  readonly width: number;
};

/** What the PDF writer needs to describe an embedded font. Metrics are in font units. */
export type FontInfo = {
  readonly id: FontId;
  readonly bytes: Uint8Array;
  readonly postScriptName: string;
  readonly unitsPerEm: number;
  readonly bbox: readonly [number, number, number, number];
  readonly ascender: number;
  readonly descender: number;
  readonly capHeight: number;
  readonly italicAngle: number;
  readonly weightClass: number;
};

const SHAPE_CACHE_SIZE = 1024;
const TAMIL_FIRST = 0x0b80;
const TAMIL_LAST = 0x0bff;
const ZWNJ = 0x200c;
const ZWJ = 0x200d;
const MARK = /^\p{M}$/u;

/** The folder of the fonts: from the folder that holds package.json, so it is the same from source and from dist-server/. */
export function certificateFontsDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('No package.json above the certificates module: cannot find the certificate fonts.');
    dir = parent;
  }
  return join(dir, 'server', 'certificates', 'fonts');
}

function isTamil(codePoint: number): boolean {
  return codePoint >= TAMIL_FIRST && codePoint <= TAMIL_LAST;
}

/** A run of one script, before shaping. */
export type ScriptPiece = { tamil: boolean; text: string };

/**
 * Splits text into runs by script: Tamil (with joiners and combining marks that follow it, and
 * a space between two Tamil letters) and everything else.
 */
export function splitScripts(text: string): ScriptPiece[] {
  const chars = Array.from(text);
  const pieces: ScriptPiece[] = [];
  let current: ScriptPiece | undefined;
  chars.forEach((char, index) => {
    const codePoint = char.codePointAt(0) ?? 0;
    let tamil = isTamil(codePoint);
    if (!tamil && current?.tamil) {
      if (codePoint === ZWJ || codePoint === ZWNJ || MARK.test(char)) tamil = true;
      // Keeps a Tamil phrase in one run, so its word spaces come from the Tamil font.
      else if (char === ' ' && isTamil(chars[index + 1]?.codePointAt(0) ?? 0)) tamil = true;
    }
    if (current && current.tamil === tamil) current.text += char;
    else {
      current = { tamil, text: char };
      pieces.push(current);
    }
  });
  return pieces;
}

function readTable(face: InstanceType<HarfBuzz['Face']>, tag: string): DataView {
  const table = face.referenceTable(tag);
  if (!table) throw new Error(`The font has no ${tag} table.`);
  return new DataView(table.buffer, table.byteOffset, table.byteLength);
}

class LoadedFont {
  readonly info: FontInfo;
  readonly font: HbFont;
  private unicodes: Map<number, number> | undefined;

  constructor(harfBuzz: HarfBuzz, id: FontId, bytes: Uint8Array) {
    const face = new harfBuzz.Face(new harfBuzz.Blob(bytes));
    this.font = new harfBuzz.Font(face);
    const head = readTable(face, 'head');
    const hhea = readTable(face, 'hhea');
    const os2 = readTable(face, 'OS/2');
    const post = readTable(face, 'post');
    this.info = {
      id,
      bytes,
      postScriptName: face.getName(6, 'en') || id,
      unitsPerEm: head.getUint16(18),
      bbox: [head.getInt16(36), head.getInt16(38), head.getInt16(40), head.getInt16(42)],
      ascender: hhea.getInt16(4),
      descender: hhea.getInt16(6),
      capHeight: os2.getUint16(0) >= 2 ? os2.getInt16(88) : hhea.getInt16(4),
      italicAngle: post.getInt32(4) / 65536,
      weightClass: os2.getUint16(4),
    };
  }

  /** The lowest code point whose nominal glyph is `gid` (the font's cmap read backwards). */
  unicodeOf(gid: number): number | undefined {
    if (!this.unicodes) {
      this.unicodes = new Map();
      for (const codePoint of this.font.face.collectUnicodes()) {
        const glyph = this.font.nominalGlyph(codePoint);
        if (glyph !== undefined && !this.unicodes.has(glyph)) this.unicodes.set(glyph, codePoint);
      }
    }
    return this.unicodes.get(gid);
  }
}

/** HarfBuzz and the four fonts, loaded once; shaping is synchronous from here on. */
export class Shaper {
  private readonly fonts: Map<FontId, LoadedFont>;
  // One buffer for the process, emptied before each use: nothing to free, nothing to leak.
  private readonly buffer: HbBuffer;
  private readonly cache = new Map<string, ShapedText>();

  constructor(private readonly harfBuzz: HarfBuzz, fontsDir: string) {
    this.fonts = new Map(FONT_IDS.map((id) => [id, new LoadedFont(harfBuzz, id, readFileSync(join(fontsDir, `${id}.ttf`)))]));
    this.buffer = new harfBuzz.Buffer();
  }

  /** The font's bytes and metrics. */
  fontInfo(id: FontId): FontInfo {
    return this.loaded(id).info;
  }

  /** The glyph's advance in the font's hmtx table, in font units. */
  glyphAdvance(id: FontId, gid: number): number {
    return this.loaded(id).font.glyphHAdvance(gid);
  }

  /** The code point the font's cmap maps to this glyph, if any. */
  unicodeOf(id: FontId, gid: number): number | undefined {
    return this.loaded(id).unicodeOf(gid);
  }

  /** Shapes a line with HarfBuzz: Tamil runs in Noto Sans Tamil (script taml), the rest in Noto Sans (latn). */
  shape(text: string, weight: FontWeight): ShapedText {
    const key = `${weight}\u0000${text}`;
    const cached = this.cache.get(key);
    if (cached) {
      // Most recently used last, so the oldest entry is the first to go.
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached;
    }
    const shaped = this.measure(text, splitScripts(text).map((piece) => this.shapeRun(piece, weight)));
    this.cache.set(key, shaped);
    if (this.cache.size > SHAPE_CACHE_SIZE) {
      const oldest = this.cache.keys().next();
      if (!oldest.done) this.cache.delete(oldest.value);
    }
    return shaped;
  }

  /**
   * The same line deliberately NOT shaped: each code point's nominal glyph from the cmap, placed
   * by its advance, no GSUB or GPOS. Only for the test that proves shaping matters.
   */
  shapeUnshaped(text: string, weight: FontWeight): ShapedText {
    const runs = splitScripts(text).map((piece): ShapedRun => {
      const id = fontFor(piece.tamil, weight);
      const { font, info } = this.loaded(id);
      const glyphs = Array.from(piece.text, (char): ShapedGlyph => {
        const gid = font.nominalGlyph(char.codePointAt(0) ?? 0) ?? 0;
        return { font: id, gid, xAdvance: font.glyphHAdvance(gid), xOffset: 0, yOffset: 0 };
      });
      return { font: id, text: piece.text, unitsPerEm: info.unitsPerEm, advance: sumAdvances(glyphs), glyphs };
    });
    return this.measure(text, runs);
  }

  private shapeRun(piece: ScriptPiece, weight: FontWeight): ShapedRun {
    const id = fontFor(piece.tamil, weight);
    const { font, info } = this.loaded(id);
    const { buffer, harfBuzz } = this;
    buffer.clearContents();
    buffer.addText(piece.text);
    buffer.setDirection(harfBuzz.Direction.LTR);
    buffer.setScript(piece.tamil ? 'taml' : 'latn');
    buffer.setLanguage(piece.tamil ? 'ta' : 'en');
    buffer.setClusterLevel(harfBuzz.ClusterLevel.MONOTONE_GRAPHEMES);
    harfBuzz.shape(font, buffer);
    const infos = buffer.getGlyphInfos();
    const positions = buffer.getGlyphPositions();
    buffer.clearContents();

    // Clusters are UTF-16 offsets into the run's text.
    const starts = [...new Set(infos.map((glyph) => glyph.cluster))].sort((a, b) => a - b);
    const clusterText = new Map<number, string>();
    starts.forEach((start, index) => clusterText.set(start, piece.text.slice(start, starts[index + 1] ?? piece.text.length)));
    const glyphsInCluster = new Map<number, number>();
    for (const glyph of infos) glyphsInCluster.set(glyph.cluster, (glyphsInCluster.get(glyph.cluster) ?? 0) + 1);

    const glyphs = infos.map((glyph, index): ShapedGlyph => {
      const position = positions[index];
      const shaped: ShapedGlyph = {
        font: id,
        gid: glyph.codepoint,
        xAdvance: position?.xAdvance ?? 0,
        xOffset: position?.xOffset ?? 0,
        yOffset: position?.yOffset ?? 0,
      };
      const text = glyphsInCluster.get(glyph.cluster) === 1 ? clusterText.get(glyph.cluster) : undefined;
      return text === undefined ? shaped : { ...shaped, text };
    });
    return { font: id, text: piece.text, unitsPerEm: info.unitsPerEm, advance: sumAdvances(glyphs), glyphs };
  }

  private measure(text: string, runs: ShapedRun[]): ShapedText {
    return { text, runs, width: runs.reduce((sum, run) => sum + run.advance / run.unitsPerEm, 0) };
  }

  private loaded(id: FontId): LoadedFont {
    const font = this.fonts.get(id);
    if (!font) throw new Error(`Unknown certificate font ${id}.`);
    return font;
  }
}

function fontFor(tamil: boolean, weight: FontWeight): FontId {
  if (tamil) return weight === 'bold' ? 'NotoSansTamil-Bold' : 'NotoSansTamil-Regular';
  return weight === 'bold' ? 'NotoSans-Bold' : 'NotoSans-Regular';
}

function sumAdvances(glyphs: readonly ShapedGlyph[]): number {
  return glyphs.reduce((sum, glyph) => sum + glyph.xAdvance, 0);
}

let shaper: Promise<Shaper> | undefined;

/** The process's shaper: HarfBuzz's WebAssembly and the fonts are loaded on the first call only. */
export function loadShaper(): Promise<Shaper> {
  if (!shaper) {
    shaper = import('harfbuzzjs').then((harfBuzz) => new Shaper(harfBuzz, certificateFontsDir()));
    // A failed load is not kept: the next call tries again.
    shaper.catch(() => {
      shaper = undefined;
    });
  }
  return shaper;
}
