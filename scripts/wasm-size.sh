#!/usr/bin/env bash
# Prints the raw and gzip sizes of the built WebAssembly package, and fails when the module the
# contact page loads (supplysite_contact) is over its budget of 40 KB (40,000 bytes) gzip.
#
#   scripts/wasm-size.sh [DIR]   (default web/src/wasm-pkg, as scripts/build-wasm.sh writes it)
set -euo pipefail
cd "$(dirname "$0")/.."
DIR=${1:-web/src/wasm-pkg}
BUDGET=40000

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
