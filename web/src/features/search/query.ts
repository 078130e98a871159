// The search page's address as the server spells it (core's `SearchQuery::href`): the words
// trimmed with single spaces, then the filters and a page past the first, each spelt as a form
// sends it, so an address this module writes is never redirected. Written out rather than
// taken from URLSearchParams: the server renderer's stand-in for it spells values another way.
import { searchPath } from '../../lib/routes';
import type { ProductTag, SearchKind } from '../../lib/view';

export interface SearchParams {
  q: string;
  kind: SearchKind | null;
  product: ProductTag | null;
  page: number;
}

/** The words as the server reads them: trimmed, runs of spaces made one. */
export function canonicalWords(words: string): string {
  return words.trim().split(/\s+/).filter(Boolean).join(' ');
}

/** A value as an HTML form sends it: letters, digits and `*-._` as they are, a space as `+`. */
function formEncode(value: string): string {
  const whole = value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
  return encodeURIComponent(whole)
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** A query string of named values, in order, each spelt as a form sends it (no `?`). */
export function queryString(pairs: [string, string][]): string {
  return pairs.map(([name, value]) => `${name}=${formEncode(value)}`).join('&');
}

/** The search page's address for a search. */
export function searchHref({ q, kind, product, page }: SearchParams): string {
  const pairs: [string, string][] = [];
  const words = canonicalWords(q);
  if (words) pairs.push(['q', words]);
  if (kind) pairs.push(['type', kind]);
  if (product) pairs.push(['product', product]);
  if (page > 1) pairs.push(['page', String(page)]);
  return pairs.length > 0 ? `${searchPath}?${queryString(pairs)}` : searchPath;
}
