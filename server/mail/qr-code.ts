import { offTheLoop } from '../lib/cpu-pool';

/**
 * The QR code venue staff scan: it encodes the reference code alone (no personal data), with
 * medium error correction so a creased printout or a cracked screen still reads. The image is
 * made in the worker thread (server/lib/cpu-pool.ts, `qrPng` in cpu-tasks.ts): encoding and the
 * PNG's deflate took seconds of the request loop on a publish day (ADR 035).
 */

/** The same image as a data: URL, for the family's page (the CSP allows data: images). */
export function referenceQrDataUrl(referenceCode: string): Promise<string> {
  return qrDataUrl(referenceCode);
}

/** A QR code of any short text (a `upi://pay` link) as a data: URL, for a page. */
export async function qrDataUrl(text: string): Promise<string> {
  return `data:image/png;base64,${(await qrPng(text)).toString('base64')}`;
}

/** The same as a PNG, for an email's inline image. */
export function qrPng(text: string): Promise<Buffer> {
  return offTheLoop('qrPng', text);
}
