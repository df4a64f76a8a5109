// Renders manifest/preview.svg (our own artwork) to the 1200x630 PNG link preview, at build time.
// resvg runs as WebAssembly, so the build needs no browser and no native binary; the text uses
// DejaVu Sans from the dejavu-fonts-ttf package, so it looks the same on every machine.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { initWasm, Resvg } from '@resvg/resvg-wasm';

const require = createRequire(import.meta.url);
let ready: Promise<void> | undefined;

function init(): Promise<void> {
  ready ??= initWasm(readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm'))).catch((error: unknown) => {
    // A second build in the same process (vite's watch mode) finds it already initialised.
    if (!(error instanceof Error && /already initialized/i.test(error.message))) throw error;
  });
  return ready;
}

export async function renderPreviewImage(svgPath: string, width: number): Promise<Uint8Array> {
  await init();
  const fonts = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((file) => readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`)));
  const resvg = new Resvg(readFileSync(svgPath, 'utf8'), {
    fitTo: { mode: 'width', value: width },
    font: { fontBuffers: fonts, defaultFontFamily: 'DejaVu Sans', loadSystemFonts: false },
  });
  return resvg.render().asPng();
}
