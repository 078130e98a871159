#!/usr/bin/env bash
# The sitemap of a site larger than one sitemap file may hold, checked against the published
# schemas: synthesises an export with POSTS posts (default 50,100, so more than 50,000 URLs),
# serves it, and validates /sitemap.xml against bench/siteindex.xsd and every /sitemap-N.xml it
# names against bench/sitemap.xsd with xmllint, checking the protocol's limits the schemas
# leave to their documentation (50,000 URLs and 52,428,800 bytes per file) and that no URL is
# listed twice. Loopback only; the server it starts is stopped by pid.
#
# Needs xmllint (Debian package libxml2-utils) and curl. Uses target/release/supplysite (built
# unless SUPPLYSITE_BIN points at a binary).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
POSTS="${POSTS:-50100}"
WORK="$(mktemp -d)"
PID=""
cleanup() {
  if [ -n "$PID" ]; then kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT
for tool in xmllint curl; do
  command -v "$tool" >/dev/null || { echo "sitemap: $tool is missing" >&2; exit 1; }
done

BIN="${SUPPLYSITE_BIN:-}"
if [ -z "$BIN" ]; then
  (cd "$ROOT" && cargo build --release -q -p supplysite-cli)
  BIN="$ROOT/target/release/supplysite"
fi

mkdir -p "$WORK/web"
printf '<!doctype html><html><head></head><body><div id="root"></div></body></html>\n' >"$WORK/web/index.html"
"$BIN" content synth --posts "$POSTS" --out "$WORK/export.json" >/dev/null
RUST_LOG=warn "$BIN" serve --bind 127.0.0.1:0 --content "$WORK/export.json" --web-dir "$WORK/web" \
  --no-ssr --public-url http://127.0.0.1:8080 >"$WORK/serve.out" 2>"$WORK/serve.err" &
PID=$!
deadline=$((SECONDS + 120))
URL=""
until [ -n "$URL" ]; do
  URL="$(sed -n 's/^listening on //p' "$WORK/serve.out")"
  if [ $SECONDS -ge $deadline ] || ! kill -0 "$PID" 2>/dev/null; then
    echo "sitemap: the server did not start" >&2; cat "$WORK/serve.err" >&2; exit 1
  fi
  [ -n "$URL" ] || sleep 0.2
done

curl -fsS "$URL/sitemap.xml" -o "$WORK/sitemap.xml"
failed=0
if grep -q '<sitemapindex' "$WORK/sitemap.xml"; then
  xmllint --noout --schema "$ROOT/bench/siteindex.xsd" "$WORK/sitemap.xml" || failed=1
  parts="$(grep -o '<loc>[^<]*</loc>' "$WORK/sitemap.xml" | sed 's#<loc>http://127.0.0.1:8080##; s#</loc>##')"
else
  parts=""
  cp "$WORK/sitemap.xml" "$WORK/part-0.xml"
fi
total=0
for path in $parts; do
  curl -fsS "$URL$path" -o "$WORK/part-${path//[^0-9]/}.xml"
done
for file in "$WORK"/part-*.xml; do
  xmllint --noout --schema "$ROOT/bench/sitemap.xsd" "$file" 2>/dev/null || { echo "sitemap: $file is invalid" >&2; failed=1; }
  urls="$(grep -c '<url>' "$file")"
  bytes="$(stat -c %s "$file")"
  echo "sitemap: $(basename "$file"): $urls URLs, $bytes bytes"
  [ "$urls" -le 50000 ] && [ "$bytes" -le 52428800 ] || { echo "sitemap: $file is over the protocol's limits" >&2; failed=1; }
  total=$((total + urls))
done
unique="$(cat "$WORK"/part-*.xml | grep -o '<loc>[^<]*</loc>' | sort -u | wc -l)"
echo "sitemap: $POSTS posts, $total URLs in $(echo "$parts" | grep -c . || true) parts, $unique distinct"
[ "$unique" -eq "$total" ] || { echo "sitemap: a URL is listed twice" >&2; failed=1; }
[ "$total" -gt "$POSTS" ] || { echo "sitemap: fewer URLs than posts" >&2; failed=1; }
curl -fsS "$URL/robots.txt" | grep -q '^Sitemap: http://127.0.0.1:8080/sitemap.xml$' || { echo "sitemap: robots.txt does not name /sitemap.xml" >&2; failed=1; }
exit "$failed"
