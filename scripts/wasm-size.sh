#!/usr/bin/env bash
# Prints the raw and gzip sizes of the built WebAssembly package, and fails when the module the
# contact page loads (supplysite_contact) is over its budget of 44 KB (44,000 bytes) gzip.
# The budget was 40 KB until the module took core's rule for a visit's attribution beside the
# contact form's (42.9 KB measured with it; 34.9 KB before).
#
#   scripts/wasm-size.sh [DIR]   (default web/src/wasm-pkg, as scripts/build-wasm.sh writes it)
set -euo pipefail
cd "$(dirname "$0")/.."
DIR=${1:-web/src/wasm-pkg}
BUDGET=44000

[[ -f $DIR/supplysite_contact_bg.wasm ]] || {
    echo "wasm-size: no package in $DIR (run scripts/build-wasm.sh first)" >&2
    exit 1
}
gz() { gzip -6 -c "$1" | wc -c; }
printf '%-28s %10s %10s\n' file raw gzip
for f in "$DIR"/supplysite_*_bg.wasm "$DIR"/supplysite_*.js; do
    printf '%-28s %10d %10d\n' "${f##*/}" "$(wc -c <"$f")" "$(gz "$f")"
done
contact=$(gz "$DIR/supplysite_contact_bg.wasm")
if ((contact > BUDGET)); then
    echo "wasm-size: supplysite_contact_bg.wasm is $contact bytes gzip, over the budget of $BUDGET" >&2
    exit 1
fi
echo "supplysite_contact_bg.wasm: $contact of $BUDGET bytes gzip budget"
