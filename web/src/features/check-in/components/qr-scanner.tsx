import { useTranslation } from 'react-i18next';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/button';
import { cameraFailureMessage, pageAllowsCamera } from '../rules/camera';

type Detector = { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]> };
type DetectorClass = new (options: { formats: string[] }) => Detector;

/** Reads one QR code from a video frame: the browser's BarcodeDetector where there is one,
 * else jsQR (loaded only when needed, so it stays out of every other page's scripts). */
async function frameReader(): Promise<(video: HTMLVideoElement, canvas: HTMLCanvasElement) => Promise<string | null>> {
  const Native = (window as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (Native) {
    const detector = new Native({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  return async (video, canvas) => {
    const w = video.videoWidth;
    const h = video.videoHeight;
    if (!w || !h) return null;
    canvas.width = w;
    canvas.height = h;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) return null;
    ctx.drawImage(video, 0, 0, w, h);
    return jsQR(ctx.getImageData(0, 0, w, h).data, w, h)?.data ?? null;
  };
}

/** The phone's back camera until a QR code is read; onCode gets its text, once per code. */
export function QrScanner({ onCode, onClose, reloaded }: { onCode: (code: string) => void; onClose: () => void; reloaded: boolean }) {
  const { t } = useTranslation('console');
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [error, setError] = useState<string | null>(null);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    let last = '';
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const read = await frameReader();
        while (!stopped && video.current && canvas.current) {
          const code = await read(video.current, canvas.current).catch(() => null);
          if (code && code !== last) {
            last = code;
            onCodeRef.current(code);
          }
          await new Promise((r) => setTimeout(r, 250));
        }
      } catch (e) {
        setError(
          cameraFailureMessage({
            pageAllowsCamera: pageAllowsCamera(document),
            hasCameraApi: typeof navigator.mediaDevices?.getUserMedia === 'function',
            errorName: e instanceof Error || e instanceof DOMException ? e.name : '',
            reloaded,
          }),
        );
      }
    })();
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [reloaded]);

  return (
    <div className="space-y-2 rounded-xl border border-slate-200 bg-black/90 p-2">
      {/* Without a camera the dark frame would push the message and the search off a phone's screen. */}
      <video ref={video} className={error ? 'hidden' : 'aspect-square w-full rounded-lg object-cover'} muted playsInline />
      <canvas ref={canvas} className="hidden" />
      {error && (
        <p role="alert" className="rounded bg-red-50 p-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <Button variant="secondary" className="w-full" onClick={onClose}>
        {t('checkIn.closeCamera')}
      </Button>
    </div>
  );
}
