#!/usr/bin/env bash
# Coverage-guided fuzzing of the parsers that read outside input (fuzz/fuzz_targets).
#
#   scripts/fuzz.sh            every target for a few seconds from the committed corpus
#   scripts/fuzz.sh 600        every target for 600 seconds (make fuzz)
#
# What each target asserts is in fuzz/checks, which `make test` also runs over the committed
# corpus in the workspace's own build (crates/content-adapter/tests/export/fuzz_corpus.rs).
#   scripts/fuzz.sh 60 richtext  one target
#
# New inputs go to fuzz/target/corpus (not committed). A crash fails the run and leaves its input
# in fuzz/artifacts/TARGET/; once fixed, copy it into fuzz/corpus/TARGET/ so every later run
# replays it. cargo-fuzz runs on the stable toolchain without a sanitizer (`-s none`): the code
# fuzzed is safe Rust, so what is looked for is panics, overflow and runaway memory.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-4}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(contact_body richtext video_link export_reader webhook_signature)

# cargo-fuzz, pinned so a fresh machine gets the version this was tried with.
if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "fuzz: installing cargo-fuzz" >&2
    cargo install cargo-fuzz --version 0.13.2 --locked >&2
fi

# A debug build with overflow checks: quicker to build than release, and overflow is a finding.
mkdir -p fuzz/target
for target in "${targets[@]}"; do
    scratch=fuzz/target/corpus/$target
    log=fuzz/target/$target.log
    mkdir -p "$scratch"
    echo "fuzz: $target for ${seconds}s" >&2
    status=0
    cargo fuzz run --fuzz-dir fuzz -s none --dev "$target" "$scratch" "fuzz/corpus/$target" -- \
        -max_total_time="$seconds" -max_len=300000 -rss_limit_mb=2048 -timeout=10 \
        -print_final_stats=1 >"$log" 2>&1 || status=$?
    grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" | sed "s/^/fuzz: $target /" >&2 || true
    if [ "$status" -ne 0 ]; then
        tail -n 60 "$log" >&2
        echo "fuzz: $target failed (exit $status); its input is in fuzz/artifacts/$target/" >&2
        exit 1
    fi
done
