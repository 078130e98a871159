// The search page's one request: GET /api/search, kept beside the page rather than in the
// shared API client (lib/api.ts) so the home page's script does not carry it.
import { isObject } from '../../lib/api';
import type { SearchAnswer } from '../../lib/view';

/**
 * The site search's answer for a search page's query string (`q=…&type=…`), as
 * `GET /api/search` gives it. Resolves to null (after logging) when the request fails or the
 * server refuses; an aborted request resolves to null silently.
 */
export async function fetchSearch(query: string, signal?: AbortSignal): Promise<SearchAnswer | null> {
  try {
    const response = await fetch(`/api/search?${query}`, { headers: { Accept: 'application/json' }, signal });
    if (!response.ok) {
      console.error(`search request for ${query} failed with status ${response.status}`);
      return null;
    }
    const body: unknown = await response.json();
    if (isObject(body) && isObject(body.total) && Array.isArray(body.results) && isObject(body.facets)) {
      return body as unknown as SearchAnswer;
    }
    console.error(`search request for ${query} returned an unexpected body`);
    return null;
  } catch (error) {
    if (signal?.aborted) return null;
    console.error(`search request for ${query} failed`, error);
    return null;
  }
}
