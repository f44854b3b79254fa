import { useLayoutEffect, useRef, type CSSProperties } from 'react';

type Props = {
  text: string;
  /** The largest and smallest font size, in px. */
  max: number;
  min: number;
  /** Lines the text may take before it shrinks (it wraps onto more only at the smallest size). */
  lines: number;
  lineHeight?: number;
  style?: CSSProperties;
};

/**
 * Text of the exported image that is never cut: it is drawn at the largest size at which it
 * takes at most `lines` lines of its box (measured in the laid-out DOM before the image is
 * drawn), and wraps onto further lines rather than be clipped when even the smallest size is too
 * big. No ellipsis, no line clamp: every name in an image is whole.
 */
export function FitText({ text, max, min, lines, lineHeight = 1.2, style }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const fits = (size: number) => {
      el.style.fontSize = `${size}px`;
      return el.scrollWidth <= el.clientWidth + 1 && el.getBoundingClientRect().height <= lines * size * lineHeight + 1;
    };
    // Largest size that fits: a binary search over whole pixels.
    let lo = min;
    let hi = max;
    if (fits(hi)) return;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (fits(mid)) lo = mid;
      else hi = mid;
    }
    el.style.fontSize = `${lo}px`;
  }); // after every render: the box's width follows the template and format around it
  return (
    <div
      ref={ref}
      data-export-text
      data-export-fit
      style={{
        ...style,
        fontSize: max,
        lineHeight,
        overflowWrap: 'anywhere',
        whiteSpace: 'normal',
        minWidth: 0,
        maxWidth: '100%',
      }}
    >
      {text}
    </div>
  );
}
