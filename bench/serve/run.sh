#!/usr/bin/env bash
# Throughput of `supplysite serve` against nginx serving the same bytes as static files.
#
# Loopback only, bounded: wrk runs DURATION (default 10s) per route with CONNECTIONS (32) over
# THREADS (2), REPEAT times (3) per server, alternating ours and nginx so both see the same
# background load; the run with the median requests/s is reported. Routes: /, a product page,
# an insight and /api/page. Prints requests/s, latency percentiles and the ratio ours/nginx per
# route, and the load average before and after. Every process it starts is stopped by pid.
# Our server logs at RUST_LOG (default warn: nginx's access log is off too).
#
# Needs wrk, nginx and curl (Debian packages wrk, nginx, curl; installed when run as root and
# missing). Uses target/release/supplysite (built unless SUPPLYSITE_BIN points at a binary),
# the demo content, and web/dist when it exists (else a minimal shell).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
DURATION="${DURATION:-10s}"
CONNECTIONS="${CONNECTIONS:-32}"
THREADS="${THREADS:-2}"
REPEAT="${REPEAT:-3}"
LOG_LEVEL="${RUST_LOG:-warn}"
CONTENT="${SUPPLYSITE_CONTENT:-$ROOT/content/demo/export.json}"

need() {
  command -v "$1" >/dev/null 2>&1 && return
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get install -y -qq "$2" >/dev/null
  else
    echo "bench: $1 is missing (install the Debian package $2)" >&2
    exit 1
  fi
}
need wrk wrk
need curl curl
[ -x /usr/sbin/nginx ] || command -v nginx >/dev/null || need nginx nginx
NGINX="$(command -v nginx || echo /usr/sbin/nginx)"

WORK="$(mktemp -d)"
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  rm -rf "$WORK"
}
trap cleanup EXIT

BIN="${SUPPLYSITE_BIN:-}"
if [ -z "$BIN" ]; then
  (cd "$ROOT" && cargo build --release -q -p supplysite-cli)
  BIN="$ROOT/target/release/supplysite"
fi

WEB_DIR="$ROOT/web/dist"
if [ ! -f "$WEB_DIR/index.html" ]; then
  WEB_DIR="$WORK/web"
  mkdir -p "$WEB_DIR/assets"
  cat >"$WEB_DIR/index.html" <<'HTML'
<!doctype html>
<html lang="en-AU">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <script type="module" crossorigin src="/assets/index.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
HTML
fi

# Our server on a free loopback port, quiet logs (nginx logs nothing either).
touch "$WORK/serve.out"
RUST_LOG="$LOG_LEVEL" "$BIN" serve --bind 127.0.0.1:0 --content "$CONTENT" --web-dir "$WEB_DIR" \
  --public-url http://127.0.0.1:8080 >"$WORK/serve.out" 2>"$WORK/serve.err" &
PIDS+=($!)
deadline=$((SECONDS + 30))
OURS=""
until [ -n "$OURS" ]; do
  OURS="$(sed -n 's/^listening on //p' "$WORK/serve.out")"
  if [ $SECONDS -ge $deadline ] || ! kill -0 "${PIDS[0]}" 2>/dev/null; then
    echo "bench: the server did not start" >&2
    cat "$WORK/serve.err" >&2
    exit 1
  fi
  [ -n "$OURS" ] || sleep 0.1
done
until curl -fsS "$OURS/readyz" >/dev/null; do
  [ $SECONDS -lt $deadline ] || { echo "bench: /readyz never answered" >&2; exit 1; }
  sleep 0.1
done

INSIGHT="$(curl -fsS "$OURS/sitemap.xml" | grep -o '/insights/[^<]*' | head -n 1)"
[ -n "$INSIGHT" ] || { echo "bench: no insight in the sitemap" >&2; exit 1; }
# name | path on our server
ROUTES=(
  "home|/"
  "product|/etender"
  "insight|$INSIGHT"
  "api|/api/page?path=/etender"
)

# nginx serves the very bytes our server sends, as static files. Its workers run as an
# unprivileged user when started as root, so they must be able to read the folder.
mkdir -p "$WORK/static" "$WORK/nginx/logs"
chmod 755 "$WORK" "$WORK/static"
for route in "${ROUTES[@]}"; do
  name="${route%%|*}"
  path="${route#*|}"
  curl -fsS "$OURS$path" -o "$WORK/static/$name"
done
NGINX_PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
cat >"$WORK/nginx/nginx.conf" <<CONF
worker_processes $(nproc);
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  default_type text/html;
  server {
    listen 127.0.0.1:$NGINX_PORT;
    root $WORK/static;
  }
}
CONF
"$NGINX" -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf" -g 'daemon off;' 2>"$WORK/nginx/stderr" &
PIDS+=($!)
NGINX_URL="http://127.0.0.1:$NGINX_PORT"
deadline=$((SECONDS + 30))
until curl -fsS "$NGINX_URL/home" >/dev/null 2>&1; do
  [ $SECONDS -lt $deadline ] || { echo "bench: nginx did not start" >&2; cat "$WORK/nginx/stderr" >&2; exit 1; }
  sleep 0.1
done

# CPU time (user + system, in clock ticks) used so far by the given processes, all threads.
cpu_ticks() {
  local total=0 p
  for p in "$@"; do
    total=$((total + $(awk '{print $14 + $15}' "/proc/$p/stat")))
  done
  echo "$total"
}
TICKS_PER_S="$(getconf CLK_TCK)"

# wrk's summary against URL while measuring the server processes PIDS...: requests/s, the
# 50/90/99th latency percentiles and the server's CPU time per request in microseconds. On a
# shared machine the CPU per request is the steadier figure: requests/s also depends on how
# much CPU the other work on the machine leaves the server during the run.
measure() {
  local url="$1" out before after
  shift
  before="$(cpu_ticks "$@")"
  out="$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$url")"
  after="$(cpu_ticks "$@")"
  local rps p50 p90 p99 requests cpu
  rps="$(awk '/^Requests\/sec:/ {print $2}' <<<"$out")"
  p50="$(awk '$1 == "50%" {print $2}' <<<"$out")"
  p90="$(awk '$1 == "90%" {print $2}' <<<"$out")"
  p99="$(awk '$1 == "99%" {print $2}' <<<"$out")"
  requests="$(awk '/requests in/ {print $1}' <<<"$out")"
  cpu="$(awk -v t=$((after - before)) -v hz="$TICKS_PER_S" -v n="$requests" \
    'BEGIN { printf "%.1f", t * 1e6 / hz / n }')"
  echo "$rps $p50 $p90 $p99 $cpu"
}

# The middle of REPEAT lines "rps p50 p90 p99" by requests/s.
median() {
  sort -g -k1,1 | awk '{ line[NR] = $0 } END { print line[int((NR + 1) / 2)] }'
}

echo "machine: $(nproc) cores, $(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo), wrk -t$THREADS -c$CONNECTIONS -d$DURATION x$REPEAT (median), loopback, RUST_LOG=$LOG_LEVEL"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-8s %-28s %12s %9s %9s %9s %7s | %12s %9s %9s %9s %7s | %6s %6s\n' \
  route path "ours req/s" p50 p90 p99 "us/req" "nginx req/s" p50 p90 p99 "us/req" ratio "cpu"
NGINX_PIDS=("${PIDS[1]}" $(pgrep -P "${PIDS[1]}"))
for route in "${ROUTES[@]}"; do
  name="${route%%|*}"
  path="${route#*|}"
  ours_runs="" nginx_runs=""
  for _ in $(seq "$REPEAT"); do
    ours_runs+="$(measure "$OURS$path" "${PIDS[0]}")"$'\n'
    nginx_runs+="$(measure "$NGINX_URL/$name" "${NGINX_PIDS[@]}")"$'\n'
  done
  read -r o_rps o50 o90 o99 o_cpu <<<"$(printf '%s' "$ours_runs" | median)"
  read -r n_rps n50 n90 n99 n_cpu <<<"$(printf '%s' "$nginx_runs" | median)"
  ratio="$(awk -v o="$o_rps" -v n="$n_rps" 'BEGIN { printf "%.2f", o / n }')"
  # nginx's CPU per request over ours: the throughput ratio the two would reach on idle cores.
  cpu_ratio="$(awk -v o="$o_cpu" -v n="$n_cpu" 'BEGIN { printf "%.2f", n / o }')"
  printf '%-8s %-28s %12s %9s %9s %9s %7s | %12s %9s %9s %9s %7s | %6s %6s\n' \
    "$name" "${path:0:28}" "$o_rps" "$o50" "$o90" "$o99" "$o_cpu" "$n_rps" "$n50" "$n90" "$n99" "$n_cpu" "$ratio" "$cpu_ratio"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
