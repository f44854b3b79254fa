import { useState, type RefObject } from 'react';
import { FORMATS, JPEG_QUALITY, type FormatId } from '../rules/export-image';

/** Waits two frames, so the off-screen image node is laid out before it is drawn. */
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

/** Renders the image node to a JPEG data URL (html-to-image is loaded on first use). */
async function renderJpeg(node: HTMLElement, width: number, height: number): Promise<string> {
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

/**
 * Renders the off-screen image node to a JPEG at a format's size: the preview (null until one
 * is made, and again after Back), the caption suggested with it, and a failure's message.
 */
export function useImageRender(nodeRef: RefObject<HTMLElement | null>) {
  const [generating, setGenerating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [caption, setCaption] = useState('');

  async function generate(format: FormatId, suggested: () => string) {
    if (!nodeRef.current) return;
    setGenerating(true);
    setError(null);
    try {
      await nextFrame();
      const node = nodeRef.current;
      if (!node) throw new Error('Failed to generate image');
      const { width, height } = FORMATS[format];
      const url = await renderJpeg(node, width, height);
      setPreview(url);
      setCaption(suggested());
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : 'Failed to generate image');
    } finally {
      setGenerating(false);
    }
  }

  return { generating, error, preview, caption, setCaption, generate, back: () => setPreview(null) };
}
