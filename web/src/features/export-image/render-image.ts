import { JPEG_QUALITY } from './rules';

/** Waits two frames, so the off-screen image node is laid out before it is drawn. */
export const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

/** Renders the image node to a JPEG data URL (html-to-image is loaded on first use). */
export async function renderJpeg(node: HTMLElement, width: number, height: number): Promise<string> {
  const { toJpeg } = await import('html-to-image');
  return toJpeg(node, {
    quality: JPEG_QUALITY,
    width,
    height,
    canvasWidth: width,
    canvasHeight: height,
    pixelRatio: 1,
    backgroundColor: '#0f172a',
    cacheBust: true,
  });
}
