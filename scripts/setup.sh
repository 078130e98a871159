#!/usr/bin/env bash
# Installs what a fresh machine lacks, for one of two purposes. Idempotent: each step checks
# first and does nothing when its tool is already there.
#
#   scripts/setup.sh run    what building and serving the site needs (`make run`): Rust, Node.js
#                           with npm, Python 3 with Pillow and numpy for the demo's photographs,
#                           and the WebAssembly toolchain. Never a browser, a database or a proxy.
#   scripts/setup.sh test   the above, then what the tests add (`make test`): Debian's Chromium,
#                           xmllint, PostgreSQL, nginx, systemd-analyze and promtool.
#
# Installing system packages needs root (or sudo without a password); without it the script
# says exactly what to install on this platform and stops.
set -euo pipefail
cd "$(dirname "$0")/.."

MODE=${1:-test}
case $MODE in
    run | test) ;;
    *) echo "usage: $0 run|test" >&2; exit 2 ;;
esac

say() { echo "setup: $*" >&2; }

# The platform's package manager, for the advice printed when something cannot be installed.
platform() {
    if [[ $(uname -s) == Darwin ]]; then
        echo macos
    elif [[ -r /etc/os-release ]]; then
        # shellcheck disable=SC1091
        . /etc/os-release
        case " ${ID:-} ${ID_LIKE:-} " in
            *" debian "* | *" ubuntu "*) echo debian ;;
            *" fedora "* | *" rhel "* | *" centos "*) echo fedora ;;
            *" arch "*) echo arch ;;
            *) echo other ;;
        esac
    else
        echo other
    fi
}

# How to install a tool on this platform: $1 is the tool, the rest its package names on
# Debian, Fedora, macOS (Homebrew) and Arch.
advise() {
    local tool=$1 deb=$2 fed=$3 mac=$4 arch=$5
    case $(platform) in
        debian) say "install $tool: sudo apt-get install $deb" ;;
        fedora) say "install $tool: sudo dnf install $fed" ;;
        macos) say "install $tool: brew install $mac" ;;
        arch) say "install $tool: sudo pacman -S $arch" ;;
        *) say "install $tool (Debian: apt-get install $deb; Fedora: dnf install $fed; macOS: brew install $mac)" ;;
    esac
}

missing_tools=0
need() {
    local tool=$1
    shift
    command -v "$tool" >/dev/null && return
    advise "$@"
    missing_tools=1
}
if ! command -v cargo >/dev/null; then
    say "install Rust with rustup: curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh"
    missing_tools=1
fi
need node "Node.js 20 or newer" "nodejs npm" "nodejs npm" node "nodejs npm"
need npm "npm" npm npm node npm
need python3 "Python 3" python3 python3 python python
((missing_tools == 0)) || { say "then run this again"; exit 1; }

node_major=$(node -p 'process.versions.node.split(".")[0]')
((node_major >= 20)) || { say "Node.js 20 or newer is needed (found $(node --version))"; exit 1; }

# Pillow and numpy for the demo generator's photographs, at the versions it pins.
bash scripts/python-deps.sh

# The WebAssembly toolchain (a wasm32 target, or Debian's rustc-web route) and wasm-bindgen-cli.
bash scripts/build-wasm.sh --setup

[[ $MODE == test ]] || exit 0

# What only the tests use, as Debian packages: name of the package, then the file that shows it
# is installed. The tests run on Debian (CI and the project's machines); elsewhere this says
# what is missing.
apt_wanted=(
    "chromium:/usr/bin/chromium"
    # xmllint validates the insights feed against the Atom RELAX NG grammar in the tests.
    "libxml2-utils:/usr/bin/xmllint"
    # The cluster test runs its own PostgreSQL server and nginx on loopback.
    "postgresql:/usr/lib/postgresql/*/bin/initdb"
    "nginx:/usr/sbin/nginx"
    # `systemd-analyze verify` checks the shipped unit (deploy/supplysite.service).
    "systemd:/usr/bin/systemd-analyze"
    # promtool checks and unit-tests the shipped alert rules (deploy/prometheus).
    "prometheus:/usr/bin/promtool"
    # The upgrade test unpacks the previous release's binary (tests/upgrade/VERSION/supplysite.xz).
    "xz-utils:/usr/bin/xz"
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
    if command -v apt-get >/dev/null &&
        { [ "$(id -u)" = 0 ] || { command -v sudo >/dev/null && sudo -n true 2>/dev/null; }; }; then
        say "installing ${missing[*]}"
        "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
        # Prometheus is wanted for its promtool alone: its recommended node exporter (a service
        # of its own) is left out.
        plain=() bare=()
        for pkg in "${missing[@]}"; do
            if [ "$pkg" = prometheus ]; then bare+=("$pkg"); else plain+=("$pkg"); fi
        done
        if [ ${#plain[@]} -gt 0 ]; then
            "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${plain[@]}" >/dev/null
        fi
        if [ ${#bare[@]} -gt 0 ]; then
            "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${bare[@]}" >/dev/null
        fi
    else
        say "the tests need the Debian packages ${missing[*]} (run: sudo apt-get install ${missing[*]})"
        exit 1
    fi
fi
