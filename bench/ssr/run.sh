#!/usr/bin/env bash
# Uncached server-side render time per template (QuickJS running web/dist-ssr/render.js over
# the demo content): median and 95th percentile of RUNS renders (default 50) per route, one
# warm engine, no page cache. Builds the server bundle when it is missing.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
RUNS="${RUNS:-50}"

if [ ! -f "$ROOT/web/dist-ssr/render.js" ]; then
  (cd "$ROOT/web" && npm run build:ssr)
fi
cd "$ROOT"
cargo run --quiet --release -p supplysite-http --example ssr_render_time -- "$RUNS"
