import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import sharp from 'sharp';

const run = promisify(execFile);

/** Reads the QR code off a PDF's first page rendered by poppler, as a phone camera would read the print. */
export async function qrOfPdf(pdfPath: string, dpi = 110): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pdf-qr-'));
  try {
    await run('pdftoppm', ['-r', String(dpi), '-png', '-singlefile', pdfPath, join(dir, 'page')]);
    const { data, info } = await sharp(join(dir, 'page.png')).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
    if (!code) throw new Error(`no QR code found on ${pdfPath}`);
    return code.data;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
