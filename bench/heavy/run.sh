#!/usr/bin/env bash
# /healthz while the heaviest pages are built: a synthetic space of POSTS articles (default
# 100,000) served by the release binary with one worker; while /insights, its page API answer
# (brotli) and /sitemap.xml are each built for the first time, /healthz is asked every 5 ms.
# Prints each heavy request's time and the probes' median and slowest answer. Target: every
# probe within 10 ms.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
POSTS="${POSTS:-100000}"
PORT="${PORT:-18990}"
BIN="${BIN:-${CARGO_TARGET_DIR:-$ROOT/target}/release/supplysite}"
WORK="$(mktemp -d)"
SERVER=""
cleanup() {
  [ -n "$SERVER" ] && kill "$SERVER" 2>/dev/null && wait "$SERVER" 2>/dev/null
  rm -rf "$WORK"
}
trap cleanup EXIT

[ -x "$BIN" ] || (cd "$ROOT" && cargo build --quiet --release -p supplysite-cli)
mkdir -p "$WORK/web"
printf '<!doctype html>\n<html lang="en-AU">\n<head>\n<meta charset="UTF-8">\n<title>Shell</title>\n</head>\n<body>\n<div id="root"></div>\n</body>\n</html>\n' >"$WORK/web/index.html"
"$BIN" content synth --posts "$POSTS" --out "$WORK/export.json" >&2
cd "$WORK"
SUPPLYSITE_WORKERS=1 RUST_LOG=warn SUPPLYSITE_OUTBOX="$WORK/outbox.sqlite3" \
  SUPPLYSITE_MAILBOX="$WORK/mailbox" \
  "$BIN" serve --bind "127.0.0.1:$PORT" --content "$WORK/export.json" --web-dir "$WORK/web" \
  --no-ssr --request-timeout-seconds 120 >"$WORK/server.log" 2>&1 &
SERVER=$!
for _ in $(seq 1 600); do
  curl -fs -o /dev/null "http://127.0.0.1:$PORT/readyz" && break
  sleep 0.5
done

python3 - "$PORT" <<'PY'
import http.client, statistics, sys, threading, time

port = int(sys.argv[1])

def get(path, encoding="gzip", timeout=120):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    t = time.perf_counter()
    c.request("GET", path, headers={"accept-encoding": encoding})
    r = c.getresponse()
    r.read()
    c.close()
    return r.status, time.perf_counter() - t

probe = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
worst = 0.0
for path, encoding in [("/insights", "gzip"), ("/api/page?path=%2Finsights", "br"),
                       ("/sitemap.xml", "gzip")]:
    result = {}
    heavy = threading.Thread(target=lambda: result.update(r=get(path, encoding)))
    heavy.start()
    times = []
    while heavy.is_alive():
        t = time.perf_counter()
        probe.request("GET", "/healthz")
        r = probe.getresponse()
        r.read()
        assert r.status == 200
        times.append(time.perf_counter() - t)
        time.sleep(0.005)
    heavy.join()
    status, took = result["r"]
    worst = max(worst, max(times))
    print(f"{path:28} {status} built in {took * 1000:8.0f} ms; {len(times):5} /healthz probes: "
          f"median {statistics.median(times) * 1000:.2f} ms, slowest {max(times) * 1000:.2f} ms")
print(f"slowest /healthz {worst * 1000:.2f} ms: {'within' if worst < 0.010 else 'over'} the 10 ms target")
PY
