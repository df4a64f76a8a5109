import QRCode from 'qrcode';

/**
 * The QR code venue staff scan: it encodes the reference code alone (no personal data), with
 * medium error correction so a creased printout or a cracked screen still reads.
 */
const OPTIONS = { errorCorrectionLevel: 'M', margin: 2, scale: 8 } as const;

/** The same image as a data: URL, for the family's page (the CSP allows data: images). */
export function referenceQrDataUrl(referenceCode: string): Promise<string> {
  return qrDataUrl(referenceCode);
}

/** A QR code of any short text (a `upi://pay` link) as a data: URL, for a page. */
export function qrDataUrl(text: string): Promise<string> {
  return QRCode.toDataURL(text, { ...OPTIONS, type: 'image/png' });
}

/** The same as a PNG, for an email's inline image (made in the worker thread: server/lib/cpu-pool.ts). */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { ...OPTIONS, type: 'png' });
}
