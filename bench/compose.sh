#!/usr/bin/env bash
# Compose time per page for every route template at 100, 1,000, 10,000 and 100,000 posts
# (criterion, crates/content-adapter/benches/compose.rs), written to $BENCH_RESULTS/compose.json.
#
# The benchmarks run twice: with the system allocator (glibc malloc) and with jemalloc preloaded
# (Debian libjemalloc2; `supplysite serve` has jemalloc as its global allocator). After a large
# export is loaded and its parse tree freed, glibc's heap is fragmented and every small
# allocation a page makes gets slower the more content was loaded; jemalloc's does not.
#
#   bench/compose.sh           the full run (release build; a few minutes)
#   bench/compose.sh --smoke   each benchmark once at 100 posts, in a debug test build
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$BENCH_ROOT"

if [ "${1:-}" = --smoke ]; then
  # Built as the rest of `make test` builds the workspace (its flags in WORKSPACE, its compiler
  # wrapper in the environment), so the bench binary `make test` has built already is run, not
  # the whole workspace built again. The workspace's benches are named as a kind (`--benches`),
  # not one by one: `--bench compose` narrows cargo's feature resolution to the package that
  # has it, and cargo would build the workspace again with the narrower set.
  # shellcheck disable=SC2086 # WORKSPACE is a list of flags
  SUPPLYSITE_BENCH_POSTS=100 cargo test -q ${WORKSPACE:---workspace} --benches
  exit 0
fi

JEMALLOC=/usr/lib/x86_64-linux-gnu/libjemalloc.so.2
[ -f "$JEMALLOC" ] || need_package libjemalloc2 || true
runs=("system=")
[ -f "$JEMALLOC" ] && runs+=("jemalloc=$JEMALLOC")
args=()
for run in "${runs[@]}"; do
  name="${run%%=*}"
  home="$BENCH_RESULTS/criterion/$name"
  rm -rf "$home"
  say "compose benchmarks, $name allocator"
  if ! CRITERION_HOME="$home" LD_PRELOAD="${run#*=}" \
    cargo bench -q -p supplysite-content-adapter --bench compose -- --noplot >"$BENCH_RESULTS/compose-$name.log" 2>&1; then
    tail -n 30 "$BENCH_RESULTS/compose-$name.log" >&2
    die "the compose benchmarks failed (log: $BENCH_RESULTS/compose-$name.log)"
  fi
  args+=("$name=$home")
done
python3 "$BENCH_DIR/criterion_json.py" "${args[@]}" >"$BENCH_RESULTS/compose.json"
