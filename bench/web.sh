#!/usr/bin/env bash
# The web figures over the demo space served by `supplysite serve`: Lighthouse mobile and desktop
# for every template, JavaScript and wasm bytes per route, axe-core, the Nu HTML Checker over the
# server's HTML for every route, the sitemap against the sitemaps.org schema, and the wasm
# package's sizes. Writes lighthouse.json, pages.json, vnu.json, sitemap.json and wasm.txt to
# $BENCH_RESULTS.
#
#   bench/web.sh           every route; Lighthouse on every template, mobile and desktop
#   bench/web.sh --smoke   the home page only, no Lighthouse
set -euo pipefail
source "$(dirname "$0")/lib.sh"
SMOKE=0
[ "${1:-}" = --smoke ] && SMOKE=1

need chromium chromium
need java default-jre-headless
need xmllint libxml2-utils
need curl curl
need_node_packages
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
NODE_DIR="$BENCH_DIR/node"
WORK="$(mktemp -d)"
trap 'bench_cleanup; rm -rf "$WORK"' EXIT

start_server "${SUPPLYSITE_CONTENT:-$BENCH_ROOT/content/demo/export.json}" "$WORK/serve"
mapfile -t ROUTES < <(template_routes)
[ $SMOKE = 1 ] && ROUTES=("${ROUTES[0]}")
ROUTES_JSON="$(printf '%s\n' "${ROUTES[@]}" | python3 -c '
import json, sys
print(json.dumps([line.rstrip("\n").split("|", 1) for line in sys.stdin if line.strip()]))')"
for r in "${ROUTES[@]}"; do
  [ -n "${r#*|}" ] || die "no route for the template ${r%%|*} in the sitemap"
done

# The Nu HTML Checker over the HTML our server sends for every route (errors only).
mkdir -p "$WORK/html"
for r in "${ROUTES[@]}"; do
  curl -sS "$SERVER_URL${r#*|}" -o "$WORK/html/${r%%|*}.html"
done
java -jar "$NODE_DIR/node_modules/vnu-jar/build/dist/vnu.jar" --errors-only --format json --stdout \
  "$WORK/html/"*.html >"$WORK/vnu.raw" || true
python3 - "$WORK/vnu.raw" "$WORK/html" >"$BENCH_RESULTS/vnu.json" <<'PY'
import json, os, sys
raw, html = sys.argv[1], sys.argv[2]
messages = json.load(open(raw)).get("messages", [])
per = {f[:-5]: [] for f in os.listdir(html)}
for m in messages:
    name = os.path.basename(m.get("url", ""))[:-5]
    per.setdefault(name or "?", []).append(
        {"type": m.get("type"), "line": m.get("lastLine"), "message": m.get("message")})
print(json.dumps({"routes": {k: {"errors": len(v), "messages": v[:10]} for k, v in sorted(per.items())}}, indent=1))
PY
say "vnu: $(python3 -c 'import json,sys; print(sum(r["errors"] for r in json.load(sys.stdin)["routes"].values()))' <"$BENCH_RESULTS/vnu.json") errors"

# The sitemap against the sitemaps.org 0.9 schema, and the protocol's limits the schema leaves to
# its documentation (50,000 URLs and 50 MB per file).
curl -fsS "$SERVER_URL/sitemap.xml" -o "$WORK/sitemap.xml"
if xmllint --noout --schema "$BENCH_DIR/sitemap.xsd" "$WORK/sitemap.xml" 2>"$WORK/xmllint.err"; then valid=true; else valid=false; fi
python3 - "$WORK/sitemap.xml" "$valid" "$WORK/xmllint.err" >"$BENCH_RESULTS/sitemap.json" <<'PY'
import json, os, sys
path, valid, err = sys.argv[1], sys.argv[2] == "true", sys.argv[3]
text = open(path).read()
print(json.dumps({"valid": valid, "urls": text.count("<url>"), "bytes": os.path.getsize(path),
                  "errors": open(err).read().splitlines()[:10]}, indent=1))
PY
say "sitemap: valid=$valid"

# Scripts and wasm per route, console errors and axe-core, in Chromium.
node "$NODE_DIR/pages.mjs" "$SERVER_URL" "$ROUTES_JSON" >"$BENCH_RESULTS/pages.json"

# The wasm package's sizes (and its 40 KB gzip budget for the contact page's module).
if [ -d "$BENCH_ROOT/web/src/wasm-pkg" ]; then
  bash "$BENCH_ROOT/scripts/wasm-size.sh" >"$BENCH_RESULTS/wasm.txt" 2>&1 || true
fi
# The home page's JavaScript by the build manifest (the web build's own budget script).
if [ -f "$BENCH_ROOT/web/dist/.vite/manifest.json" ]; then
  (cd "$BENCH_ROOT/web" && node scripts/size.mjs) >"$BENCH_RESULTS/web-size.txt" 2>&1 || true
fi

if [ $SMOKE = 0 ]; then
  # Lighthouse measures the site as visitors meet it once it has settled: every common rendition
  # of the demo's photographs made (the server's warm-up after a load), not a first encode.
  wait_for_warm_pictures 900
  node "$NODE_DIR/lighthouse.mjs" "$SERVER_URL" "$ROUTES_JSON" mobile,desktop >"$BENCH_RESULTS/lighthouse.json"
fi
