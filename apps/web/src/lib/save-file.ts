// Hands a file made in the page (a fetched export, a CSV built from figures) to the browser as a
// download named `fileName`. The object URL is revoked after the click has handed the file over.
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
