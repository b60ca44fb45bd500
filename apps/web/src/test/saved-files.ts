import { vi } from 'vitest';

/**
 * The files a page hands to the browser's downloads, by name, in order: jsdom has no object URLs
 * and no downloads, so both are stood in for.
 */
export function captureSavedFiles(): { name: string; file: Blob }[] {
  const saved: { name: string; file: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL ??= () => '';
  URL.revokeObjectURL ??= () => {};
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, file: blobs.get(this.href) as Blob });
  });
  return saved;
}

/** A file answer of the fake API. */
export function fileAnswer(text: string, type = 'text/csv') {
  return { status: 200, data: new Blob([text], { type }) };
}
