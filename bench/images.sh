#!/usr/bin/env bash
# The image endpoint (`/img/images.ctfassets.net/…`): first-encode time and bytes of every
# format and width of a 2400x1600 photograph-like picture, and the throughput of a cached
# rendition against nginx serving the very same file.
#
# Loopback only, bounded: wrk runs DURATION (default 5s) with CONNECTIONS (32) over THREADS (2),
# REPEAT times (3) per server, alternating ours and nginx; the median requests/s of each is
# reported with their ratio (budget: [images] in bench/budgets.toml). Every process it starts is
# stopped by pid. Writes target/bench-results/images.json (one JSON object) when
# BENCH_RESULTS is set, and prints a summary.
#
# Needs wrk, nginx and curl (Debian packages; installed when run as root and missing). Uses
# target/release/supplysite (built unless SUPPLYSITE_BIN points at a binary).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DURATION="${DURATION:-5s}"
CONNECTIONS="${CONNECTIONS:-32}"
THREADS="${THREADS:-2}"
REPEAT="${REPEAT:-3}"
OUT="${BENCH_RESULTS:-$ROOT/target/bench-results}/images.json"

source "$ROOT/bench/loopback.sh"
chmod 755 "$WORK"

# First encodes, in-process (release build), and the picture itself.
PHOTO_DIR="$WORK/export/images.ctfassets.net/bench/photo1/token1"
mkdir -p "$PHOTO_DIR"
(cd "$ROOT" && cargo run --release -q -p supplysite-images --example encode_times -- "$PHOTO_DIR/photo.jpg") >"$WORK/encodes.jsonl"

# An export of the demo content beside the picture.
cp "$ROOT/content/demo/export.json" "$WORK/export/export.json"
mkdir -p "$WORK/web"
printf '<!doctype html>\n<html lang="en-AU"><head><meta charset="UTF-8"></head><body><div id="root"></div></body></html>\n' >"$WORK/web/index.html"
RUST_LOG=warn start_ours --content "$WORK/export/export.json" --web-dir "$WORK/web" \
  --public-url http://127.0.0.1:8080 --no-ssr --image-cache-dir "$WORK/img-cache" --image-warm 0

RENDITION="/img/images.ctfassets.net/bench/photo1/token1/photo.jpg?w=1080&fm=avif"
curl -fsS "$OURS$RENDITION" -o "$WORK/first.avif"
CACHED="$(ls "$WORK/img-cache"/*.avif)"
cmp -s "$CACHED" "$WORK/first.avif" || { echo "bench: the cached file is not the rendition" >&2; exit 1; }

# nginx serves the cached rendition's very bytes.
mkdir -p "$WORK/static"
chmod 755 "$WORK/static"
cp "$CACHED" "$WORK/static/rendition.avif"
start_nginx /rendition.avif 'types { image/avif avif; }' \
  'add_header Cache-Control "public, max-age=31536000, immutable"; etag on;'
NGINX_URL="$NGINX_URL/rendition.avif"

# Time to first byte of one request on a fresh connection, in ms (median of 20).
ttfb() {
  for _ in $(seq 20); do curl -fsS -o /dev/null -w '%{time_starttransfer}\n' "$1"; done |
    sort -n | awk '{a[NR]=$1} END {printf "%.3f", a[int((NR+1)/2)] * 1000}'
}
rps() { wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" "$1" | awk '/^Requests\/sec:/ {print $2}'; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

ours_runs="" nginx_runs=""
for _ in $(seq "$REPEAT"); do
  ours_runs+="$(rps "$OURS$RENDITION")"$'\n'
  nginx_runs+="$(rps "$NGINX_URL")"$'\n'
done
OURS_RPS="$(printf '%s' "$ours_runs" | median)"
NGINX_RPS="$(printf '%s' "$nginx_runs" | median)"
RATIO="$(awk -v o="$OURS_RPS" -v n="$NGINX_RPS" 'BEGIN { printf "%.2f", o / n }')"
OURS_TTFB="$(ttfb "$OURS$RENDITION")"
NGINX_TTFB="$(ttfb "$NGINX_URL")"

echo "image endpoint: cached ${RENDITION#*\?} ($(stat -c %s "$CACHED") bytes)"
echo "  requests/s ours $OURS_RPS, nginx $NGINX_RPS, ratio $RATIO (wrk -t$THREADS -c$CONNECTIONS -d$DURATION x$REPEAT, median)"
echo "  time to first byte ours ${OURS_TTFB} ms, nginx ${NGINX_TTFB} ms (median of 20 fresh connections)"
echo "first encode of a 2400x1600 JPEG ($(stat -c %s "$PHOTO_DIR/photo.jpg") bytes):"
printf '  %-5s %6s %9s %9s %7s\n' format width ms bytes ratio
python3 - "$WORK/encodes.jsonl" <<'PY'
import json, sys
for line in open(sys.argv[1]):
    r = json.loads(line)
    print(f"  {r['format']:<5} {r['width']:>6} {r['ms']:>9} {r['bytes']:>9} {r['ratio']:>7.3f}")
PY
mkdir -p "$(dirname "$OUT")"
python3 - "$WORK/encodes.jsonl" "$OUT" "$OURS_RPS" "$NGINX_RPS" "$RATIO" "$OURS_TTFB" "$NGINX_TTFB" <<'PY'
import json, sys
encodes = [json.loads(line) for line in open(sys.argv[1])]
json.dump({
    "cached": {"ours_rps": float(sys.argv[3]), "nginx_rps": float(sys.argv[4]),
               "ratio": float(sys.argv[5]), "ours_ttfb_ms": float(sys.argv[6]),
               "nginx_ttfb_ms": float(sys.argv[7])},
    "encodes": encodes,
}, open(sys.argv[2], "w"), indent=1)
PY
echo "written $OUT"

# The budgets of [images] in bench/budgets.toml.
python3 - "$OUT" "$ROOT/bench/budgets.toml" <<'PY'
import json, sys, tomllib
result = json.load(open(sys.argv[1]))
budget = tomllib.load(open(sys.argv[2], "rb"))["images"]
missed = []
if result["cached"]["ratio"] < budget["min_ratio_to_nginx"]:
    missed.append(f"cached rendition at {result['cached']['ratio']} of nginx (budget {budget['min_ratio_to_nginx']})")
avif = next(r for r in result["encodes"] if r["format"] == "avif" and r["width"] == 2048)
if avif["ms"] > budget["max_first_encode_ms_avif_2048"]:
    missed.append(f"first 2048-wide AVIF in {avif['ms']} ms (budget {budget['max_first_encode_ms_avif_2048']})")
for m in missed:
    print(f"budget missed: {m}")
sys.exit(1 if missed else 0)
PY
echo "every image budget met"
