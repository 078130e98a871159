#!/usr/bin/env bash
# `make run` needs no browser, database server or proxy. With Chromium, PostgreSQL and nginx
# hidden (a private mount namespace: empty files and folders mounted over them) and the package
# managers replaced by stand-ins that record any call and fail, the steps `make run` takes before
# serving (its setup, the web packages, the WebAssembly package, the demo's photographs) succeed
# without asking to install anything, and the server then serves the demo, server-rendered.
#
#   SUPPLYSITE_BIN=target/debug/supplysite scripts/run-needs-no-test-tools.sh
#
# The server here is the debug binary `make test` has already built; `make run` builds the same
# code with the release profile. Needs root for the mount namespace (CI runs as root).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${SUPPLYSITE_BIN:?set SUPPLYSITE_BIN to the supplysite binary}
BIN=$(realpath "$BIN")

say() { echo "run-needs-no-test-tools: $*" >&2; }
((EUID == 0)) || { say "needs root, to hide packages in a private mount namespace"; exit 1; }
command -v unshare >/dev/null || { say "needs unshare (util-linux)"; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/stand-ins" "$work/empty" "$work/state" "$work/cache"
for tool in apt-get apt dpkg sudo dnf yum brew pacman snap; do
    printf '#!/bin/sh\necho "%s $*" >>"%s/installs.log"\nexit 1\n' "$tool" "$work" >"$work/stand-ins/$tool"
    chmod +x "$work/stand-ins/$tool"
done

# Inside the namespace: hide the packages, run make run's preparation, start the server and
# fetch the home page. What the page says is checked outside.
unshare --mount --propagation private bash -s "$work" "$BIN" <<'INSIDE'
set -euo pipefail
work=$1 bin=$2
if [[ -d /usr/lib/postgresql ]]; then mount --bind "$work/empty" /usr/lib/postgresql; fi
for file in /usr/bin/chromium /usr/sbin/nginx /usr/bin/psql; do
    if [[ -e $file ]]; then mount --bind /dev/null "$file"; fi
done
for tool in chromium nginx psql; do
    if "$tool" --version >/dev/null 2>&1; then echo "$tool still runs" >&2; exit 1; fi
done
export PATH=$work/stand-ins:$PATH
make -s setup-run web-deps wasm demo-photos >"$work/make.log" 2>&1 ||
    { cat "$work/make.log" >&2; echo "make run's preparation failed with the test tools hidden" >&2; exit 1; }
# A clean environment apart from the path, as a new user's shell would have.
env -i PATH="$PATH" HOME="$work" XDG_STATE_HOME="$work/state" XDG_CACHE_HOME="$work/cache" \
    RUST_LOG=warn SUPPLYSITE_IMAGE_WARM=0 SUPPLYSITE_DRAIN_SECONDS=0 \
    "$bin" serve --bind 127.0.0.1:0 >"$work/server.out" 2>"$work/server.err" &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 1 600); do
    grep -q '^listening on ' "$work/server.out" 2>/dev/null && break
    kill -0 "$server" 2>/dev/null || { cat "$work/server.err" >&2; exit 1; }
    sleep 0.1
done
url=$(sed -n 's/^listening on //p' "$work/server.out" | head -1)
[[ -n $url ]] || { echo "the server did not start" >&2; cat "$work/server.err" >&2; exit 1; }
curl -fsS "$url/" -o "$work/home.html"
curl -fsS "$url/contact-us" -o "$work/contact.html"
kill "$server"
wait "$server" 2>/dev/null || true
INSIDE

if [[ -s $work/installs.log ]]; then
    say "make run tried to install:"
    cat "$work/installs.log" >&2
    exit 1
fi
# Server-rendered: the root element holds the page's markup, not an empty shell.
grep -Eq '<div id="root"[^>]*><' "$work/home.html" ||
    { say "the home page came without server-rendered markup"; exit 1; }
grep -q '<form' "$work/contact.html" || { say "the contact page has no form"; exit 1; }
say "make run's preparation installed nothing and the demo served with Chromium, PostgreSQL and nginx hidden"
