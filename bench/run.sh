#!/usr/bin/env bash
# `make bench`: every performance, SEO and accessibility figure of the site, written to
# bench/REPORT.md with the date and machine, checked against bench/budgets.toml. Exits non-zero
# when a budget is missed or a step fails. Takes several minutes.
#
#   bench/run.sh                 every step
#   bench/run.sh STEP...         only these steps (the report marks the others "not run")
#
# Steps:
#   compose   criterion: compose per route template at 100 to 100,000 posts   (bench/compose.sh)
#   serve     wrk: our server against nginx serving the same bytes            (bench/serve/run.sh)
#             and both while 1,000 slow connections are held open        (bench/serve/hostile.sh)
#   start     cold start to ready and peak memory at 1,000 and 100,000 posts  (bench/start.py)
#   images    the image endpoint: first encodes, bytes, cached rendition vs nginx (bench/images.sh)
#   web       Lighthouse, JS/wasm bytes, axe-core, Nu HTML Checker, sitemap   (bench/web.sh)
#   search    the site search at 100,000 posts: the first build's time and memory, the kept
#             index's write and a restart's open, query p50/p99 (crates/cli/examples/search_bench.rs;
#             figures in search.json)
#   live      on request only: live content through the Sync API at LIVE_POSTS (100,000) posts:
#             initial sync, a publish made visible, an empty poll, a restart from the snapshot
#             (crates/content-adapter/examples/sync_bench.rs; figures in live.json, judged
#             against [live] in budgets.toml)
#
# Installs what it needs when run as root (apt: wrk nginx default-jre-headless libxml2-utils
# chromium curl; npm packages under bench/node). Everything is loopback-only and bounded; every
# process it starts is stopped by pid. Results of the steps land in target/bench-results.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$BENCH_ROOT"

STEPS=("$@")
[ ${#STEPS[@]} -gt 0 ] || STEPS=(compose serve start images web search)
for s in "${STEPS[@]}"; do
  case $s in compose | serve | start | images | web | live | search) ;; *) die "unknown step $s (compose, serve, start, images, web, live, search)" ;; esac
done

rm -rf "$BENCH_RESULTS"
mkdir -p "$BENCH_RESULTS"
load() { cut -d' ' -f1-3 /proc/loadavg; }
LOAD_START="$(load)"
# The commit measured: taken now, so a commit made while the run goes on is not claimed.
COMMIT="$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- crates web bench/serve || echo ' with local changes')"
FAILED=()

# Release binary and web build first, so no step measures a build.
if [[ " ${STEPS[*]} " =~ \ (serve|start|images|web)\  ]]; then
  say "building the release binary and the web UI"
  cargo build --release -q -p supplysite-cli
  make -s web-build >/dev/null
  export SUPPLYSITE_BIN="$BENCH_ROOT/target/release/supplysite"
fi

run_step() {
  local step="$1"
  say "step $step"
  local ok=0
  case $step in
    compose) bash "$BENCH_DIR/compose.sh" || ok=$? ;;
    serve)
      bash "$BENCH_DIR/serve/run.sh" >"$BENCH_RESULTS/serve.txt" || ok=$?
      bash "$BENCH_DIR/serve/hostile.sh" >"$BENCH_RESULTS/serve-hostile.txt" || ok=$?
      ;;
    start)
      python3 "$BENCH_DIR/start.py" "$SUPPLYSITE_BIN" "$BENCH_ROOT/web/dist" "$BENCH_ROOT/target" \
        ${START_SIZES:-1000 100000} --runs "${START_RUNS:-3}" >"$BENCH_RESULTS/start.json" || ok=$?
      ;;
    images) bash "$BENCH_DIR/images.sh" >"$BENCH_RESULTS/images.txt" || ok=$? ;;
    live)
      # With jemalloc preloaded, as `supplysite serve` has it for its global allocator: reading
      # the snapshot back with glibc's malloc takes two to three times as long.
      JEMALLOC=/usr/lib/x86_64-linux-gnu/libjemalloc.so.2
      [ -f "$JEMALLOC" ] || need_package libjemalloc2 || die "the live step needs libjemalloc2"
      cargo build --release -q -p supplysite-content-adapter --features fake --example sync_bench &&
        LD_PRELOAD="$JEMALLOC" target/release/examples/sync_bench \
          "${LIVE_POSTS:-100000}" >"$BENCH_RESULTS/live.json" || ok=$?
      ;;
    web) bash "$BENCH_DIR/web.sh" || ok=$? ;;
    search)
      cargo build --release -q -p supplysite-cli --example search_bench &&
        target/release/examples/search_bench "${SEARCH_POSTS:-100000}" >"$BENCH_RESULTS/search.json" || ok=$?
      ;;
  esac
  if [ $ok != 0 ]; then
    say "step $step failed (exit $ok)"
    FAILED+=("$step")
  fi
}
for s in "${STEPS[@]}"; do run_step "$s"; done

python3 - "$BENCH_RESULTS/meta.json" "$LOAD_START" "$(load)" "${STEPS[*]}" "${FAILED[*]:-}" "$COMMIT" <<'PY'
import json, os, platform, sys, datetime
out, load_start, load_end, steps, failed, commit = sys.argv[1:7]
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
mem = next((int(l.split()[1]) for l in open("/proc/meminfo") if l.startswith("MemTotal")), 0)
json.dump({
    "date": datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"),
    "machine": f"{os.cpu_count()} cores, {cpu}, {mem / 2**20:.0f} GiB RAM, Linux {platform.release()}",
    "commit": commit,
    "load_start": load_start, "load_end": load_end,
    "steps": steps.split(), "failed_steps": failed.split(),
}, open(out, "w"), indent=1)
PY

if python3 "$BENCH_DIR/report.py" "$BENCH_RESULTS" "$BENCH_DIR/budgets.toml" "$BENCH_DIR/REPORT.md"; then
  say "every budget met; report in bench/REPORT.md"
else
  say "report in bench/REPORT.md"
  exit 1
fi
