//! Loading space exports: malformed files and entries, locales, and synthetic exports.

mod helpers;
// One test per kind of malformed export, each asserting the exact problem.
mod malformed;
// Reading the default locale and falling back along `fallbackCode`.
mod locales;
// Synthesised exports load without problems and every entry is reachable.
mod round_trip;
// The demo space shipped in content/demo loads cleanly.
mod demo;
// The committed fuzz corpus replayed through each fuzz target's check.
mod fuzz_corpus;
