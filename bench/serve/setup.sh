# The servers bench/serve/run.sh and bench/serve/hostile.sh measure (sourced, not run): our
# server on a free loopback port with the demo content, nginx serving the very bytes it sends
# for the routes in ROUTES (home, product, insight, api) as static files, and the measuring
# helpers `measure URL PID...` and `median`. Sets ROOT and the measurement's settings from the
# environment: DURATION (10s), CONNECTIONS (32), THREADS (2), REPEAT (3), LOG_LEVEL (RUST_LOG,
# warn) and CONTENT (SUPPLYSITE_CONTENT, the demo content). Sets OURS, NGINX_URL, PIDS (ours
# first, then nginx; every pid in it is stopped on exit), NGINX_PIDS and WORK (a scratch folder).

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
DURATION="${DURATION:-10s}"
CONNECTIONS="${CONNECTIONS:-32}"
THREADS="${THREADS:-2}"
REPEAT="${REPEAT:-3}"
LOG_LEVEL="${RUST_LOG:-warn}"
CONTENT="${SUPPLYSITE_CONTENT:-$ROOT/content/demo/export.json}"
source "$ROOT/bench/loopback.sh"

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
RUST_LOG="$LOG_LEVEL" start_ours --content "$CONTENT" --web-dir "$WEB_DIR" \
  --public-url http://127.0.0.1:8080
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
  "api|/api/page?path=%2Fetender"
)

# nginx serves the very bytes our server sends, as static files. Its workers run as an
# unprivileged user when started as root, so they must be able to read the folder.
mkdir -p "$WORK/static"
chmod 755 "$WORK" "$WORK/static"
for route in "${ROUTES[@]}"; do
  name="${route%%|*}"
  path="${route#*|}"
  curl -fsS "$OURS$path" -o "$WORK/static/$name"
done
start_nginx /home 'default_type text/html;' ''

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

# nginx and its workers, for the CPU time they use.
NGINX_PIDS=("${PIDS[1]}" $(pgrep -P "${PIDS[1]}"))
