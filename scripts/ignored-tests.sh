#!/usr/bin/env bash
# Runs the workspace's #[ignore]d tests named on the command line (the suites that need the web
# build, node, PostgreSQL or nginx), and fails when any of them did not run.
#
# They are picked by name over the whole workspace, not with `--test TARGET`: naming a target
# narrows cargo's feature resolution to the packages that have it, and cargo would rebuild most of
# the dependency tree for that narrower set. A name filter that matches nothing passes silently,
# hence the check that each named test ran and passed.
set -euo pipefail
(($#)) || { echo "usage: $0 TEST_NAME..." >&2; exit 2; }
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# WORKSPACE, and the clippy wrapper in the environment: the Makefile's (LINTED), so the binaries
# `make test` built are the ones run, not built again another way.
# shellcheck disable=SC2086
"${CARGO:-cargo}" test ${WORKSPACE:---workspace --no-default-features} -- --ignored "$@" 2>&1 | tee "$log"
for name in "$@"; do
    grep -Eq "^test ([A-Za-z0-9_]+::)*$name \.\.\. ok\$" "$log" ||
        { echo "ignored-tests: $name did not run and pass" >&2; exit 1; }
done
