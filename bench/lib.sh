# Shared pieces of the bench scripts (sourced, not run): installing what a step needs, starting
# and stopping our server by pid, and the routes every web measurement visits.
#
# Every process started here is recorded in BENCH_PIDS and stopped by pid on exit.

BENCH_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BENCH_DIR="$BENCH_ROOT/bench"
BENCH_PIDS=()
: "${BENCH_RESULTS:=$BENCH_ROOT/target/bench-results}"
mkdir -p "$BENCH_RESULTS"

say() { echo "bench: $*" >&2; }
die() { say "$*"; exit 1; }

bench_cleanup() {
  local pid
  for pid in "${BENCH_PIDS[@]}"; do
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
}
trap bench_cleanup EXIT

# need COMMAND DEBIAN-PACKAGE: installs the package when the command is missing and we are root.
need() {
  command -v "$1" >/dev/null 2>&1 && return
  [ -x "/usr/sbin/$1" ] && return
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    say "installing $2"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null ||
      { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null; }
  else
    die "$1 is missing (install the Debian package $2)"
  fi
}

# need_package DEBIAN-PACKAGE: installs a library package when we are root; fails otherwise.
need_package() {
  dpkg -s "$1" >/dev/null 2>&1 && return
  [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null || return 1
  say "installing $1"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$1" >/dev/null
}

# The Node packages of bench/node (Lighthouse, axe-core, playwright-core, vnu-jar).
need_node_packages() {
  command -v node >/dev/null || die "node is missing (Node.js 20 or later)"
  if [ ! -f "$BENCH_DIR/node/node_modules/.package-lock.json" ] ||
    [ "$BENCH_DIR/node/package-lock.json" -nt "$BENCH_DIR/node/node_modules/.package-lock.json" ]; then
    say "installing bench/node packages"
    (cd "$BENCH_DIR/node" && npm install --no-audit --no-fund --loglevel=error >/dev/null)
  fi
}

# The release binary, built unless SUPPLYSITE_BIN names one.
supplysite_bin() {
  if [ -n "${SUPPLYSITE_BIN:-}" ]; then
    echo "$SUPPLYSITE_BIN"
    return
  fi
  (cd "$BENCH_ROOT" && cargo build --release -q -p supplysite-cli) >&2
  echo "$BENCH_ROOT/target/release/supplysite"
}

# start_server CONTENT-FILE LOG-PREFIX: starts `supplysite serve` on a free loopback port and
# waits for /readyz. Sets SERVER_URL and SERVER_PID.
start_server() {
  local content="$1" log="$2" bin
  bin="$(supplysite_bin)"
  local web_dir="$BENCH_ROOT/web/dist"
  [ -f "$web_dir/index.html" ] || die "no web build in web/dist (run: make web-build)"
  : >"$log.out"
  # The public URL is the server's own address, so canonical links, Open Graph URLs and the
  # sitemap point at the pages Lighthouse and the checkers actually load.
  local port
  port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
  RUST_LOG=warn "$bin" serve --bind "127.0.0.1:$port" --content "$content" --web-dir "$web_dir" \
    --public-url "http://127.0.0.1:$port" >"$log.out" 2>"$log.err" &
  SERVER_PID=$!
  BENCH_PIDS+=("$SERVER_PID")
  local deadline=$((SECONDS + 120))
  SERVER_URL=""
  until [ -n "$SERVER_URL" ]; do
    SERVER_URL="$(sed -n 's/^listening on //p' "$log.out")"
    if [ $SECONDS -ge $deadline ] || ! kill -0 "$SERVER_PID" 2>/dev/null; then
      cat "$log.err" >&2
      die "the server did not start"
    fi
    [ -n "$SERVER_URL" ] || sleep 0.05
  done
  until curl -fsS "$SERVER_URL/readyz" >/dev/null 2>&1; do
    [ $SECONDS -lt $deadline ] || die "/readyz never answered"
    sleep 0.05
  done
}

# wait_for_warm_pictures SECONDS: waits until the server's /readyz says no picture renditions are
# left to warm (or it resizes none), at most SECONDS.
wait_for_warm_pictures() {
  local deadline=$((SECONDS + $1)) left
  while :; do
    left="$(curl -fsS "$SERVER_URL/readyz" | python3 -c 'import json,sys; print(json.load(sys.stdin).get("picturesToWarm", 0))')"
    [ "$left" = 0 ] && return 0
    [ $SECONDS -lt $deadline ] || die "$left picture renditions still not warmed after $1 s"
    say "waiting for the picture warm-up: $left renditions left"
    sleep 5
  done
}

stop_server() {
  kill "$SERVER_PID" 2>/dev/null || true
  wait "$SERVER_PID" 2>/dev/null || true
}

# The first insight in the sitemap whose page shows a photograph (a JPEG, PNG or WebP as its
# Open Graph image, which is its hero), else the first insight: the heavy case issue 20 measures.
insight_with_photo() {
  local url path fallback=""
  while read -r url; do
    path="$(sed 's#^https\?://[^/]*##' <<<"$url")"
    [ -n "$fallback" ] || fallback="$path"
    # (The page is read whole before grep: an early exit would fail curl under pipefail.)
    if grep -Eq '<meta property="og:image" content="[^"]*\.(jpe?g|png|webp)([?][^"]*)?"' \
      <<<"$(curl -fsS "$SERVER_URL$path" || true)"; then
      echo "$path"
      return
    fi
  done < <(grep -o 'https\?://[^<]*/insights/[a-z0-9][^<]*' <<<"$1")
  echo "$fallback"
}

# One path per route template over the running server's content, as "template|path" lines.
# Detail paths come from the sitemap, so they exist whatever the content.
template_routes() {
  local sitemap
  sitemap="$(curl -fsS "$SERVER_URL/sitemap.xml")"
  local first
  first() { grep -o "$1[^<]*" <<<"$sitemap" | head -n 1 | sed 's#^https\?://[^/]*##'; }
  echo "home|/"
  echo "product|/etender"
  echo "insight|$(insight_with_photo "$sitemap")"
  echo "case-study|$(first '/case-study/')"
  echo "insights|/insights"
  echo "contact-us|/contact-us"
  echo "solutions|/supplier-management-platform"
  echo "case-study-index|/case-study-index"
  echo "page|$(first '/page/')"
  echo "about-us|/about-us"
  echo "privacy|/privacy"
  echo "videopopup|/videopopup"
  echo "not-found|/no-such-page"
  echo "search|/search?q=supplier"
}
