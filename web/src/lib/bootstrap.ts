// Reads the view model the server embedded in the page, so the first paint needs no request.
import { toPayload } from './api';
import type { PagePayload } from './view';

/** The id of the embedded JSON script the server writes. */
export const EMBEDDED_ID = '__SUPPLYSITE__';

/** The embedded payload, or null when the page has none or it cannot be read (logged). */
export function readEmbedded(doc: Document): PagePayload | null {
  const script = doc.getElementById(EMBEDDED_ID);
  if (!script?.textContent) return null;
  try {
    const payload = toPayload(JSON.parse(script.textContent));
    if (!payload) console.error('embedded page data has an unexpected shape');
    return payload;
  } catch (error) {
    console.error('embedded page data is not valid JSON', error);
    return null;
  }
}
