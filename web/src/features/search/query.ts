// The search page's address as the server spells it (core's `SearchQuery::href`): the words
// trimmed with single spaces, then the filters and a page past the first, each spelt as a form
// sends it (URLSearchParams), so an address this module writes is never redirected.
import { paths } from '../../lib/routes';
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

/** The query string of a search (no `?`; empty for the form alone). */
function searchQueryString({ q, kind, product, page }: SearchParams): string {
  const params = new URLSearchParams();
  const words = canonicalWords(q);
  if (words) params.set('q', words);
  if (kind) params.set('type', kind);
  if (product) params.set('product', product);
  if (page > 1) params.set('page', String(page));
  return params.toString();
}

/** The search page's address for a search. */
export function searchHref(search: SearchParams): string {
  const query = searchQueryString(search);
  return query ? `${paths.search}?${query}` : paths.search;
}
