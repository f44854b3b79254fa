/** Offers the resource at href (a data: or blob: URL) to the browser's download as name. */
export function saveUrl(href: string, name: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Offers bytes to the browser's download: a temporary blob URL, released once clicked. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  saveUrl(url, name);
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The day a file is made, YYYY-MM-DD in the viewer's time zone (file names sort by it). */
export function isoDay(made: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${made.getFullYear()}-${pad(made.getMonth() + 1)}-${pad(made.getDate())}`;
}

/**
 * A download's name that says what it holds, as the server names its CSV files
 * (internal/platform/csvfile FileName): the non-empty parts, then the day it was made.
 * "Summer Games - event export - 2026-11-25.podium.json".
 */
export function downloadName(parts: readonly string[], extension: string, made = new Date()): string {
  const kept = parts.map((p) => p.trim()).filter(Boolean);
  return `${[...kept, isoDay(made)].join(' - ')}.${extension}`;
}
