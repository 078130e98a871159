//! The live Contentful source against a local fake Contentful serving the demo space, and the
//! content source port's contract run against it, the export file and core's fake alike.

mod helpers;
// The content source contract: the fake, the export file and Contentful keep the same promises.
mod content_contract;
// The set read live equals the set read from the export file, and every route composes alike.
mod parity;
// Every query the adapter sends is valid for the schema Contentful generates for the model.
mod schema;
// 401, 404, 429, 5xx, slow answers and partial errors.
mod failures;
// The last good set is served while Contentful is down and after a restart during an outage.
mod outage;
// Preview content: drafts and changes only with the preview token, on both APIs.
mod preview;
// Asset files downloaded beside an export: every host, resumed, size-checked, retried.
mod download;
// The Sync API: an initial sync equal to the export read, one delta per change, restarts from
// the snapshot on disk, refused tokens, rate limits.
mod sync;
