// Whether this page is a preview, read from the data the server embedded: only a preview page
// carries `preview.locale`, and only then is the Live Preview SDK loaded.

/** The locale of a preview page from its embedded data (`preview.locale`), or null on a
 *  public page. */
export function previewLocale(doc: Document, embeddedId: string): string | null {
  const text = doc.getElementById(embeddedId)?.textContent;
  if (!text) return null;
  try {
    const data: unknown = JSON.parse(text);
    const locale = (data as { preview?: { locale?: unknown } } | null)?.preview?.locale;
    return typeof locale === 'string' ? locale : null;
  } catch {
    return null;
  }
}
