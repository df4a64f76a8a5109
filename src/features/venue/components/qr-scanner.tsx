import { useEffect, useRef, useState } from 'react';
import { useT } from '@/lib/i18n/use-t';

type Detected = { rawValue: string };
type Detector = { detect(source: CanvasImageSource): Promise<Detected[]> };
type DetectorConstructor = new (options: { formats: string[] }) => Detector;

/** The browser's own QR decoder, where it has one (Chrome on Android, Safari 17+). */
function barcodeDetector(): DetectorConstructor | null {
  const candidate = (globalThis as { BarcodeDetector?: DetectorConstructor }).BarcodeDetector;
  return typeof candidate === 'function' ? candidate : null;
}

export function canScan(): boolean {
  return barcodeDetector() !== null && !!navigator.mediaDevices?.getUserMedia;
}

/**
 * Reads the QR code on a family's confirmation with the camera (BarcodeDetector). Typing the
 * reference code always works too, beside it.
 */
export function QrScanner({ onCode, onClose }: { onCode: (text: string) => void; onClose: () => void }) {
  const { t } = useT();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const Detector = barcodeDetector();
    if (!Detector) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    const detector = new Detector({ formats: ['qr_code'] });
    const scan = async () => {
      if (stopped || !video.current) return;
      try {
        const [found] = await detector.detect(video.current);
        if (found?.rawValue) {
          onCode(found.rawValue);
          return;
        }
      } catch {
        // A frame that is not ready yet: try the next one.
      }
      setTimeout(() => void scan(), 200);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        void scan();
      })
      .catch(() => setProblem(t('venue.scan.cameraFailed')));
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [onCode, t]);

  return (
    <div className="venue-scanner">
      {/* The preview has no sound; captions do not apply. */}
      <video ref={video} muted playsInline aria-label={t('venue.scan.preview')} />
      {problem ? <p role="alert">{problem}</p> : null}
      <button type="button" className="button" onClick={onClose}>
        {t('venue.scan.stop')}
      </button>
    </div>
  );
}
