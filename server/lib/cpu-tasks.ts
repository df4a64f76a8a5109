import type { CertificateContent } from '../certificates/certificate-layout';
import { renderCertificatePdf } from '../certificates/pdf-writer';
import QRCode from 'qrcode';

/**
 * The CPU-heavy work the server hands to its worker thread (server/lib/cpu-pool.ts, ADR 035):
 * each task takes one structured-cloneable argument and answers bytes. The same functions run in
 * the server's own thread when there is no compiled worker (tests, `npm run dev`).
 */
export const cpuTasks = {
  /** One certificate's PDF (HarfBuzz shaping, font subsets, Flate): 3-10 ms of CPU each. */
  certificatePdf: (content: CertificateContent): Promise<Uint8Array> => renderCertificatePdf(content),
  /**
   * A QR code as a PNG (server/mail/qr-code.ts: emails' inline images, the family's page), medium
   * error correction so a creased printout or a cracked screen still reads.
   */
  qrPng: (text: string): Promise<Uint8Array> => QRCode.toBuffer(text, { errorCorrectionLevel: 'M', margin: 2, scale: 8, type: 'png' }),
};

export type CpuTasks = typeof cpuTasks;
