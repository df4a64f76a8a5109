// Writes the Latin fonts of the certificates (server/certificates/fonts/NotoSans-*.ttf) as
// subsets of Debian's Noto Sans (fonts-noto-core, SIL OFL 1.1): the whole font is 512 KB and
// covers Greek, Cyrillic and more that a certificate never prints. Kept: Basic Latin, Latin-1,
// Latin Extended-A, the combining diacritics (HarfBuzz draws a letter the subset lacks, such as
// the ṇ of a transliterated name, as its base and mark), General Punctuation, ₹ and the dotted
// circle, with every layout feature (kerning, ligatures, mark positioning), hinting and glyph
// names, so HarfBuzz shapes with the subset exactly as with the whole font. The Tamil fonts are
// committed whole (about 75 KB each).
//
// Regenerate (after a Noto update):  node scripts/subset-certificate-fonts.mjs [source folder]
// The source folder defaults to /usr/share/fonts/truetype/noto.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const source = process.argv[2] ?? '/usr/share/fonts/truetype/noto';
const target = fileURLToPath(new URL('../server/certificates/fonts/', import.meta.url));
const RANGES = [
  [0x0020, 0x007e],
  [0x00a0, 0x00ff],
  [0x0100, 0x017f],
  [0x0300, 0x036f],
  [0x2000, 0x206f],
  [0x20b9, 0x20b9],
  [0x25cc, 0x25cc],
];

const HB_MEMORY_MODE_READONLY = 1;
const HB_SUBSET_SETS_LAYOUT_FEATURE_TAG = 6;
const HB_SUBSET_FLAGS_GLYPH_NAMES = 0x80;

const wasmPath = createRequire(import.meta.url).resolve('harfbuzzjs/dist/harfbuzz-subset.wasm');
const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath));
const hb = instance.exports;
hb._initialize();
const heap = () => new Uint8Array(hb.memory.buffer);

for (const name of ['NotoSans-Regular', 'NotoSans-Bold']) {
  const font = readFileSync(join(source, `${name}.ttf`));
  const fontPointer = hb.malloc(font.byteLength);
  heap().set(font, fontPointer);
  const blob = hb.hb_blob_create(fontPointer, font.byteLength, HB_MEMORY_MODE_READONLY, 0, 0);
  const face = hb.hb_face_create(blob, 0);
  const input = hb.hb_subset_input_create_or_fail();
  const unicodes = hb.hb_subset_input_unicode_set(input);
  for (const [first, last] of RANGES) for (let code = first; code <= last; code++) hb.hb_set_add(unicodes, code);
  // Every layout feature, not only HarfBuzz's default list.
  const features = hb.hb_subset_input_set(input, HB_SUBSET_SETS_LAYOUT_FEATURE_TAG);
  hb.hb_set_clear(features);
  hb.hb_set_invert(features);
  hb.hb_subset_input_set_flags(input, HB_SUBSET_FLAGS_GLYPH_NAMES);
  const subset = hb.hb_subset_or_fail(face, input);
  if (subset === 0) throw new Error(`HarfBuzz could not subset ${name}.`);
  const result = hb.hb_face_reference_blob(subset);
  const lengthPointer = hb.malloc(4);
  const dataPointer = hb.hb_blob_get_data(result, lengthPointer);
  const length = new DataView(hb.memory.buffer).getUint32(lengthPointer, true);
  const bytes = heap().slice(dataPointer, dataPointer + length);
  writeFileSync(join(target, `${name}.ttf`), bytes);
  console.log(`${name}.ttf: ${font.byteLength} -> ${bytes.byteLength} bytes`);
  for (const pointer of [lengthPointer, fontPointer]) hb.free(pointer);
  hb.hb_blob_destroy(result);
  hb.hb_face_destroy(subset);
  hb.hb_subset_input_destroy(input);
  hb.hb_face_destroy(face);
  hb.hb_blob_destroy(blob);
}
