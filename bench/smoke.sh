#!/usr/bin/env bash
# A quick run of every bench script in a tiny mode, for `make test`: proves each script still
# works without taking the minutes of the full `make bench`, and checks no budget (figures from
# seconds-long runs on a debug build mean nothing).
#
# compose: each criterion benchmark once at 100 posts (debug test build); serve: wrk for 1 s per
# route, and once per route while 50 slow connections are held; start: one start at 100 posts;
# search: the search bench at 300 posts; web: the home page in Chromium with axe-core, the Nu HTML
# Checker on its HTML and the sitemap against the schema. Lighthouse is left out (a single run
# takes longer than all of this). Then the report is written to a scratch file.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$BENCH_ROOT"
export BENCH_RESULTS="$BENCH_ROOT/target/bench-smoke"
rm -rf "$BENCH_RESULTS"
mkdir -p "$BENCH_RESULTS"

[ -f web/dist/index.html ] || die "no web build in web/dist (run: make web-build)"
# The debug binary `make test` has already built, unless SUPPLYSITE_BIN names another.
if [ -z "${SUPPLYSITE_BIN:-}" ]; then
  cargo build -q -p supplysite-cli
  export SUPPLYSITE_BIN="$BENCH_ROOT/target/debug/supplysite"
fi

say "smoke: compose"
bash "$BENCH_DIR/compose.sh" --smoke
say "smoke: serve"
DURATION=1s CONNECTIONS=4 bash "$BENCH_DIR/serve/run.sh" >"$BENCH_RESULTS/serve.txt"
DURATION=1s CONNECTIONS=4 REPEAT=1 HOLD=50 HOLD_WARMUP=0.5 bash "$BENCH_DIR/serve/hostile.sh" \
  >"$BENCH_RESULTS/serve-hostile.txt"
say "smoke: start"
python3 "$BENCH_DIR/start.py" "$SUPPLYSITE_BIN" "$BENCH_ROOT/web/dist" "$BENCH_RESULTS" 100 --runs 1 \
  >"$BENCH_RESULTS/start.json"
say "smoke: search"
# The example `cargo test` builds beside the debug binary (the full step runs it at 100,000 posts).
"$(dirname "$SUPPLYSITE_BIN")/examples/search_bench" 300 >"$BENCH_RESULTS/search.json"
say "smoke: web"
bash "$BENCH_DIR/web.sh" --smoke
echo '{"steps": ["smoke"]}' >"$BENCH_RESULTS/meta.json"
status=0
python3 "$BENCH_DIR/report.py" "$BENCH_RESULTS" "$BENCH_DIR/budgets.toml" "$BENCH_RESULTS/REPORT.md" 2>/dev/null || status=$?
# 3 is a missed budget, which a smoke run does not judge; anything else is a broken report.
[ $status = 0 ] || [ $status = 3 ] || die "the report could not be written (exit $status)"
say "smoke: every bench script ran; scratch report in $BENCH_RESULTS/REPORT.md"
