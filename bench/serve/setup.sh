# The servers bench/serve/run.sh and bench/serve/hostile.sh measure (sourced, not run): our
# server on a free loopback port with the demo content, nginx serving the very bytes it sends
# for the routes in ROUTES (home, product, insight, api) as static files, and the measuring
# helpers `measure URL PID...` and `median`. The caller sets ROOT, DURATION, CONNECTIONS,
# THREADS, REPEAT, LOG_LEVEL and CONTENT first. Sets OURS, NGINX_URL, PIDS (ours first, then
# nginx; every pid in it is stopped on exit), NGINX_PIDS and WORK (a scratch folder).

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

# nginx and its workers, for the CPU time they use.
NGINX_PIDS=("${PIDS[1]}" $(pgrep -P "${PIDS[1]}"))
