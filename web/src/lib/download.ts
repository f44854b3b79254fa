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
