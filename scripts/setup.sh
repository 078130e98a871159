#!/usr/bin/env bash
# Installs everything `make run` and `make test` need that a fresh machine lacks. Idempotent:
# each step checks first and does nothing when its tool is already there. Installing Debian
# packages needs root (CI and the project's machines run as root); otherwise it says what to
# install by hand.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { echo "setup: $*" >&2; }

command -v cargo >/dev/null || { say "cargo is required (install Rust with rustup)"; exit 1; }
command -v node >/dev/null && command -v npm >/dev/null || { say "Node.js 20+ and npm are required"; exit 1; }
command -v python3 >/dev/null || { say "python3 is required"; exit 1; }

# Debian packages: name of the package, then the file that shows it is installed.
apt_wanted=(
    "chromium:/usr/bin/chromium"
    # xmllint validates the insights feed against the Atom RELAX NG grammar in the tests.
    "libxml2-utils:/usr/bin/xmllint"
    # The cluster test runs its own PostgreSQL server and nginx on loopback.
    "postgresql:/usr/lib/postgresql/*/bin/initdb"
    "nginx:/usr/sbin/nginx"
    # systemd-analyze checks deploy/supplysite.service.
    "systemd:/usr/bin/systemd-analyze"
)
missing=()
for item in "${apt_wanted[@]}"; do
    pkg=${item%%:*}
    file=${item#*:}
    # A pattern (a version in the path) counts when anything matches it.
    compgen -G "$file" >/dev/null || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
    # As root, or through sudo when it works without a password.
    as_root=()
    [ "$(id -u)" = 0 ] || as_root=(sudo -n)
    if [ "$(id -u)" = 0 ] || { command -v sudo >/dev/null && sudo -n true 2>/dev/null; }; then
        say "installing ${missing[*]}"
        "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
        "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    else
        say "missing Debian packages: ${missing[*]} (run: sudo apt-get install ${missing[*]})"
        exit 1
    fi
fi

# Pillow and numpy for the demo generator's photographs, at the versions it pins.
bash scripts/python-deps.sh

# The WebAssembly toolchain (a wasm32 target, or Debian's rustc-web route) and wasm-bindgen-cli.
bash scripts/build-wasm.sh --setup
