# The setup the loopback benches that pit our server against nginx share (sourced, not run;
# bench/images.sh and bench/serve/setup.sh): wrk, curl and nginx (Debian packages, installed
# when run as root and missing), a scratch folder WORK, PIDS (every pid in it is stopped on
# exit, and WORK removed), BIN (target/release/supplysite, built unless SUPPLYSITE_BIN names a
# binary), and `start_ours` and `start_nginx`. The caller sets ROOT first.

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

# start_ours ARGS...: starts `$BIN serve --bind 127.0.0.1:0 ARGS...` (output in WORK/serve.out
# and WORK/serve.err, its pid appended to PIDS) and sets OURS to its address once it listens.
# Sets `deadline` 30 s ahead, which the caller may go on waiting against.
start_ours() {
  touch "$WORK/serve.out"
  "$BIN" serve --bind 127.0.0.1:0 "$@" >"$WORK/serve.out" 2>"$WORK/serve.err" &
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
}

# start_nginx PATH HTTP-LINES SERVER-LINES: nginx on a free loopback port serving WORK/static,
# HTTP-LINES and SERVER-LINES added to its http and server blocks; its pid is appended to PIDS.
# Sets NGINX_URL (its address) once PATH answers there, 30 s at most.
start_nginx() {
  mkdir -p "$WORK/nginx/logs"
  local port
  port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
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
  $2
  server {
    listen 127.0.0.1:$port;
    root $WORK/static;
    $3
  }
}
CONF
  "$NGINX" -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf" -g 'daemon off;' 2>"$WORK/nginx/stderr" &
  PIDS+=($!)
  NGINX_URL="http://127.0.0.1:$port"
  deadline=$((SECONDS + 30))
  until curl -fsS "$NGINX_URL$1" -o /dev/null 2>&1; do
    [ $SECONDS -lt $deadline ] || { echo "bench: nginx did not start" >&2; cat "$WORK/nginx/stderr" >&2; exit 1; }
    sleep 0.1
  done
}
