// Saves a static file (factsheet, customer-story PDF) as a download: fetch it, then click a
// Blob link. Cross-origin files ignore the `download` attribute, hence the Blob.

/** Fetches `url` and saves it as `fileName`. Rejects when the file cannot be fetched. */
export async function saveFile(url: string, fileName: string, doc: Document = document): Promise<void> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`download of ${url} failed with status ${response.status}`);
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  doc.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoking at once can cancel the save in some browsers; a tick later is safe.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
  }
}
