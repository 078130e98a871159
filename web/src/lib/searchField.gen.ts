// Generated from the Rust view models (supplysite-core's `contract` module): do not edit.
// Regenerate with `UPDATE_CONTRACT=1 cargo test -p supplysite-core contract`.

import type { SearchFieldCopy } from './contract.gen';

/** The search forms' words. */
export const SEARCH_FIELD: SearchFieldCopy = {
  "label": "Search the site",
  "submit": "Search",
  "landmark": "Site search"
};
