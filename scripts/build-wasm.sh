#!/usr/bin/env bash
# Builds the browser's WebAssembly package from crates/wasm: the module `supplysite_contact`
# (everything the contact page checks, kept under its size budget), bound with wasm-bindgen
# (`--target web`, with TypeScript types) and shrunk with wasm-opt. Does nothing when the package
# is newer than every input.
#
#   scripts/build-wasm.sh [--out DIR] [--force]   build the package (default out web/src/wasm-pkg)
#   scripts/build-wasm.sh --check-core            prove supplysite-core builds for wasm32
#   scripts/build-wasm.sh --setup                 only install what the build needs
#
# Toolchain: a Rust toolchain that already has the wasm32-unknown-unknown target, else Debian's
# rustc-web route (see docs/toolchain.md), whose packages are installed when running as root.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

OUT=web/src/wasm-pkg
FORCE=0
CHECK_CORE=0
SETUP=0
while (($#)); do
    case $1 in
        --out) OUT=${2:?--out needs a directory}; shift 2 ;;
        --out=*) OUT=${1#--out=}; shift ;;
        --force) FORCE=1; shift ;;
        --check-core) CHECK_CORE=1; shift ;;
        --setup) SETUP=1; shift ;;
        -h | --help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "build-wasm: unknown argument $1 (try --help)" >&2; exit 2 ;;
    esac
done

TARGET=wasm32-unknown-unknown
TARGET_DIR=$ROOT/target/wasm
DEBIAN_PACKAGES=(rustc-web cargo-web rust-web-src lld-22 binaryen)
MODULES=(contact)
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

say() { echo "build-wasm: $*" >&2; }
die() { say "$*"; exit 1; }

# Outputs are up to date when each exists and no input is newer than the oldest of them.
up_to_date() {
    local f oldest=
    for f in "${MODULES[@]}"; do
        f=$OUT/supplysite_${f}_bg.wasm
        [[ -f $f ]] || return 1
        [[ -z $oldest || $f -ot $oldest ]] && oldest=$f
    done
    [[ -f $OUT/package.json ]] || return 1
    [[ -z $(find crates/core crates/wasm Cargo.toml Cargo.lock scripts/build-wasm.sh \
        -newer "$oldest" -not -path '*/snapshots/*' -print -quit) ]]
}

# Sets CARGO_CMD (and the environment it needs) to a toolchain that can build for wasm32.
choose_toolchain() {
    if command -v rustup >/dev/null && rustup target list --installed 2>/dev/null | grep -qx "$TARGET"; then
        say "using the rustup toolchain's $TARGET target"
        CARGO_CMD=(cargo)
        return
    fi
    local missing=()
    [[ -x /usr/bin/rustc ]] && /usr/bin/rustc --version 2>/dev/null | grep -q . || missing+=(rustc-web)
    [[ -x /usr/bin/cargo ]] || missing+=(cargo-web)
    [[ -d /usr/lib/rustlib/src/rust/library/std ]] || missing+=(rust-web-src)
    [[ -x /usr/bin/rust-lld ]] && /usr/bin/rust-lld -flavor wasm --version >/dev/null 2>&1 || missing+=(lld-22)
    command -v wasm-opt >/dev/null || missing+=(binaryen)
    if ((${#missing[@]})); then
        if ((EUID == 0)) && command -v apt-get >/dev/null; then
            say "installing Debian packages ${DEBIAN_PACKAGES[*]}"
            apt-get update -qq
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${DEBIAN_PACKAGES[@]}" >/dev/null
        else
            die "no Rust toolchain with the $TARGET target: either run 'rustup target add $TARGET'," \
                "or install the Debian packages ${missing[*]} (apt-get install ${DEBIAN_PACKAGES[*]}, as root)"
        fi
    fi
    say "using Debian's $(/usr/bin/rustc --version) with the standard library built from source"
    export RUSTC_BOOTSTRAP=1 RUSTC=/usr/bin/rustc
    export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=/usr/bin/rust-lld
    CARGO_CMD=(/usr/bin/cargo)
    # optimize_for_size picks the standard library's smaller algorithms (sorting, formatting).
    BUILD_STD=(-Zbuild-std=std,panic_abort -Zbuild-std-features=optimize_for_size)
}

need_wasm_opt() {
    command -v wasm-opt >/dev/null && return
    if ((EUID == 0)) && command -v apt-get >/dev/null; then
        say "installing binaryen (wasm-opt)"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq binaryen >/dev/null
    else
        die "wasm-opt is missing: install binaryen (apt-get install binaryen, as root)"
    fi
}

# The wasm-bindgen CLI must be exactly the version of the crate in Cargo.lock.
need_wasm_bindgen() {
    local want have
    want=$(awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
    [[ -n $want ]] || die "no wasm-bindgen crate in Cargo.lock"
    have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }') || true
    [[ $have == "$want" ]] && return
    say "installing wasm-bindgen-cli $want (found ${have:-none}; takes a few minutes)"
    # --locked can fail when a registry mirror lacks one of the CLI's locked dependencies;
    # the CLI then still builds from the newest compatible versions.
    cargo install wasm-bindgen-cli --version "$want" --locked ||
        { say "retrying without --locked"; cargo install wasm-bindgen-cli --version "$want"; } ||
        die "could not install wasm-bindgen-cli $want"
}

# Without reference types: wasm-bindgen would then emit `table.fill`, which Debian's wasm-opt
# (binaryen 108) cannot read, and the module also runs on older browsers.
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-Ctarget-feature=-reference-types"

cargo_wasm() {
    "${CARGO_CMD[@]}" build --target "$TARGET" --target-dir "$TARGET_DIR" --profile wasm \
        ${BUILD_STD[@]+"${BUILD_STD[@]}"} "$@"
}

BUILD_STD=()
if ((CHECK_CORE)); then
    choose_toolchain
    # Beside the browser's module, so cargo resolves the features that build resolved and
    # reuses what it compiled instead of building core a second time.
    cargo_wasm -p supplysite-core -p supplysite-wasm
    say "supplysite-core builds for $TARGET"
    exit 0
fi

if ((SETUP)); then
    choose_toolchain
    need_wasm_opt
    need_wasm_bindgen
    exit 0
fi

if ((!FORCE)) && up_to_date; then
    say "$OUT is up to date"
    exit 0
fi

choose_toolchain
need_wasm_opt
need_wasm_bindgen

# The module's features (bulk memory, sign extension, …) are Rust's defaults for the target;
# wasm-opt must be told it may keep them.
OPT_FEATURES=(--enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext
    --enable-mutable-globals --enable-multivalue)

mkdir -p "$OUT"
STAGE=$TARGET_DIR/stage
mkdir -p "$STAGE"
# A module no longer built must not linger beside the ones that are.
rm -f "$OUT"/supplysite_full*
for module in "${MODULES[@]}"; do
    cargo_wasm -p supplysite-wasm
    cp "$TARGET_DIR/$TARGET/wasm/supplysite_wasm.wasm" "$STAGE/supplysite_$module.wasm"
    wasm-bindgen --target web --out-dir "$OUT" --out-name "supplysite_$module" "$STAGE/supplysite_$module.wasm"
    wasm-opt -Oz --strip-debug --strip-producers "${OPT_FEATURES[@]}" \
        -o "$OUT/supplysite_${module}_bg.wasm" "$OUT/supplysite_${module}_bg.wasm"
done

cat >"$OUT/package.json" <<'EOF'
{
  "name": "supplysite-wasm",
  "private": true,
  "type": "module",
  "description": "Generated by scripts/build-wasm.sh from crates/wasm; do not edit or commit.",
  "exports": {
    "./contact": { "types": "./supplysite_contact.d.ts", "default": "./supplysite_contact.js" }
  },
  "sideEffects": false
}
EOF
# The package.json is written last so an interrupted build is never taken as up to date.
say "wrote $OUT"
bash scripts/wasm-size.sh "$OUT"
