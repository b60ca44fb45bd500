/** Hands a file the app fetched to the browser's downloads, under `name`. */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken its copy once click() returns; the URL only holds the memory.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
